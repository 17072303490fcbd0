/**
 * Answers of Porthole's API that a page's first HTML may carry, so that its first screen renders on
 * the server and the browser does not ask again (the new Service form: who the identity is, the
 * namespaces, where it may create Services; a Service's detail page: the same for listing, and what
 * its controls may do). The server reads them as the page's identity (lib/server/first-answers.ts); the browser's hooks take each one present as their query's
 * initialData (lib/client/first-answers.tsx) and ask for the rest as always. Types and pure helpers only.
 */
import type { Namespace, ResourceAttributes, SelfSubjectAccessReview } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import type { ClusterInfoResult } from './cluster-info';

/** What `/api/identity` answers. */
export type IdentityAnswer = ClusterInfoResult & { readOnly: boolean };

export type AccessReviewStatus = NonNullable<SelfSubjectAccessReview['status']>;

/** One SelfSubjectAccessReview's attributes and the API server's (or read-only mode's) answer. */
export interface CarriedReview {
  attributes: ResourceAttributes;
  status: AccessReviewStatus;
}

export interface FirstAnswers {
  identity?: IdentityAnswer;
  namespaces?: ListSnapshot<Namespace>;
  reviews?: readonly CarriedReview[];
}

/** The same review, whatever the order or absence of its attributes. */
export function reviewKey(a: ResourceAttributes): string {
  return [a.verb, a.group, a.version, a.resource, a.subresource, a.namespace, a.name].map((v) => v ?? '').join('|');
}

/** Above this many candidate namespaces, no review is asked per namespace (all are offered). */
export const MAX_REVIEWED_NAMESPACES = 100;

/**
 * The namespaces to check for an identity: the listed ones, `extra`, its kubeconfig context's namespace
 * and --namespaces; unique and sorted. The browser (lib/client/namespace-choices.ts) and the server
 * (the first HTML) compute the same set, so the reviews the HTML carries are the ones the browser needs.
 */
export function namespaceCandidates(listed: readonly string[], extra: readonly string[], own: string | undefined, configured: readonly string[]): string[] {
  return [...new Set([...listed, ...extra, own ?? '', ...configured].filter(Boolean))].sort();
}

/**
 * The access reviews a Service's detail page asks on its first screen: may the identity update,
 * delete and patch this Service (the action bar, the history's Restore, the labels and annotations),
 * port-forward in its namespace (Try it and port-forward, lib/client/reach.ts) and update Services
 * there (the app chrome's read-only badge). The server carries their answers in the page's HTML; a
 * review asked here and not by the page only costs the server one request.
 */
export function detailPageReviews(namespace: string, name: string): ResourceAttributes[] {
  return [
    { verb: 'update', resource: 'services', namespace, name },
    { verb: 'delete', resource: 'services', namespace, name },
    { verb: 'patch', resource: 'services', namespace, name },
    { verb: 'create', resource: 'pods', subresource: 'portforward', namespace },
    { verb: 'update', resource: 'services', namespace },
  ];
}
