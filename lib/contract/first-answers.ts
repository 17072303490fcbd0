/**
 * Answers of Porthole's API that a page's first HTML may carry, so that its first screen renders on
 * the server and the browser does not ask again (the new Service form: who the identity is, the
 * namespaces, where it may create Services; a Service's detail, edit and YAML pages: the same for
 * listing, and what their controls may do). The server reads them as the page's identity (lib/server/first-answers.ts); the browser's hooks take each one present as their query's
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

/** The pages of one Service whose first HTML carries their answers (/services/NS/NAME[/edit|/yaml]). */
export type ServicePage = 'detail' | 'edit' | 'yaml';

/**
 * The access reviews a Service's page asks on its first screen: may the identity update this Service
 * (the detail page's action bar and history's Restore, the edit form's and the YAML editor's Save) and
 * update Services in its namespace (the app chrome's read-only badge); on the detail page also delete
 * and patch it (the action bar; labels and annotations) and port-forward in its namespace (Try it and
 * port-forward, lib/client/reach.ts). The server carries their answers in the page's HTML; a review
 * asked here and not by the page only costs the server one request.
 */
export function servicePageReviews(page: ServicePage, namespace: string, name: string): ResourceAttributes[] {
  const everyPage: ResourceAttributes[] = [
    { verb: 'update', resource: 'services', namespace, name },
    { verb: 'update', resource: 'services', namespace },
  ];
  if (page !== 'detail') return everyPage;
  return [
    ...everyPage,
    { verb: 'delete', resource: 'services', namespace, name },
    { verb: 'patch', resource: 'services', namespace, name },
    { verb: 'create', resource: 'pods', subresource: 'portforward', namespace },
  ];
}

/**
 * The access reviews the Service list page asks on its first screen besides the namespace choices:
 * may the identity create Services in the namespace shown (the New Service buttons; across all
 * namespaces they follow the namespace choices for `create`) and update Services where the
 * read-only badge looks (the namespace shown, else the kubeconfig context's).
 */
export function listPageReviews(namespace: string | undefined, badgeNamespace: string | undefined): ResourceAttributes[] {
  const badge: ResourceAttributes = { verb: 'update', resource: 'services', ...(badgeNamespace ? { namespace: badgeNamespace } : {}) };
  return namespace === undefined ? [badge] : [{ verb: 'create', resource: 'services', namespace }, badge];
}
