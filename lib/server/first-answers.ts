import 'server-only';
import type { Namespace, ResourceAttributes } from '../k8s/types';
import { MAX_REVIEWED_NAMESPACES, namespaceCandidates, reviewKey, servicePageReviews, listPageReviews, type CarriedReview, type FirstAnswers, type IdentityAnswer, type ServicePage } from '../contract/first-answers';
import { readOnlyMode } from '../read-only';
import { readOnlyReviewAnswer, reviewStatus } from './access';
import { clusterInfo } from './cluster-info';
import { smallListSnapshot } from './first-detail-lists';
import { withinFirstHtmlWait } from './first-html-wait';
import type { RequestIdentity } from './identity';
import { namespaces } from './operations';

/** A review as `/api/access/selfsubjectaccessreviews` answers it (read-only mode first); undefined unless answered. */
async function review(identity: RequestIdentity, attributes: ResourceAttributes, signal: AbortSignal): Promise<CarriedReview | undefined> {
  const own = readOnlyReviewAnswer({ spec: { resourceAttributes: attributes } });
  const status = own?.status ?? (await reviewStatus(identity.kubeConfig, attributes, signal));
  return status ? { attributes, status } : undefined;
}

/** Each review within the first-HTML wait, in parallel; the answered ones. */
async function reviews(identity: RequestIdentity, attributes: readonly ResourceAttributes[], requestSignal?: AbortSignal): Promise<CarriedReview[]> {
  const each = await Promise.all(attributes.map((a) => withinFirstHtmlWait((signal) => review(identity, a, signal), requestSignal)));
  return each.filter((r): r is CarriedReview => r !== undefined);
}

/**
 * What the browser's namespace choices (lib/client/namespace-choices.ts) ask for each of `verbs`, read
 * as the page's identity with the same requests, in parallel, within the first-HTML wait:
 * `/api/identity`, the namespace list (once), may it `verb` Services everywhere, else in each
 * candidate namespace. What is refused, too big or slow is left out: the browser asks for it, as
 * before. Nothing of another identity's ever goes in: every request is this one's.
 */
async function namespaceChoiceAnswers(identity: RequestIdentity | undefined, headers: Headers, cluster: string | undefined, verbs: readonly string[], requestSignal?: AbortSignal): Promise<FirstAnswers> {
  const info = clusterInfo(headers, cluster);
  const answer: IdentityAnswer = { ...info, readOnly: readOnlyMode() };
  if (!identity || !info.ok) return { identity: answer };
  const [listed, everywhere] = await Promise.all([
    withinFirstHtmlWait((signal) => smallListSnapshot<Namespace>(namespaces.list(identity.kubeConfig, { signal })), requestSignal),
    reviews(identity, verbs.map((verb) => ({ verb, resource: 'services' })), requestSignal),
  ]);
  // The browser asks one review per candidate (up to MAX_REVIEWED_NAMESPACES) where the answer everywhere is no; so does the HTML.
  // A namespace list that was refused is an answer the browser gets too (403): its candidates are then the same.
  const candidates = namespaceCandidates(
    (listed?.items ?? []).map((n) => n.metadata.name ?? ''),
    [],
    info.namespace,
    info.namespaces,
  );
  const denied = everywhere.filter((r) => r.status.allowed === false).map((r) => r.attributes.verb);
  const perNamespace = candidates.length <= MAX_REVIEWED_NAMESPACES ? denied.flatMap((verb) => candidates.map((namespace) => ({ verb, resource: 'services', namespace }))) : [];
  return { identity: answer, namespaces: listed, reviews: [...everywhere, ...(await reviews(identity, perNamespace, requestSignal))] };
}

/** Carried reviews, one per question. */
const unique = (all: readonly CarriedReview[]): CarriedReview[] => [...new Map(all.map((r) => [reviewKey(r.attributes), r])).values()];

/** The read-only badge's second question (may it read Services there?), asked where the first (may it update them?) says no. */
async function badgeReviews(identity: RequestIdentity, controls: readonly CarriedReview[], namespace: string | undefined, requestSignal?: AbortSignal): Promise<CarriedReview[]> {
  const mayUpdateHere = controls.find((r) => r.attributes.verb === 'update' && r.attributes.resource === 'services' && r.attributes.name === undefined && r.attributes.namespace === namespace);
  return mayUpdateHere?.status.allowed === false ? reviews(identity, [{ verb: 'list', resource: 'services', ...(namespace ? { namespace } : {}) }], requestSignal) : [];
}

/**
 * What the new Service form's first screen needs: who the identity is, the namespaces, and where it
 * may create Services (the namespace choices for `create`).
 */
export function firstCreateAnswers(identity: RequestIdentity | undefined, headers: Headers, cluster: string | undefined, requestSignal?: AbortSignal): Promise<FirstAnswers> {
  return namespaceChoiceAnswers(identity, headers, cluster, ['create'], requestSignal);
}

/**
 * A page's answers: the namespace choices for `verbs` (the app chrome's `list`, and more), the
 * reviews of the page's controls, and the read-only badge's second question where it looks.
 */
async function pageAnswers(
  identity: RequestIdentity | undefined,
  headers: Headers,
  cluster: string | undefined,
  page: { verbs: readonly string[]; controls: readonly ResourceAttributes[]; badgeNamespace: string | undefined },
  requestSignal?: AbortSignal,
): Promise<FirstAnswers> {
  const [chrome, controls] = await Promise.all([
    namespaceChoiceAnswers(identity, headers, cluster, page.verbs, requestSignal),
    identity ? reviews(identity, page.controls, requestSignal) : [],
  ]);
  if (!identity || !chrome.identity?.ok) return chrome;
  const badge = await badgeReviews(identity, controls, page.badgeNamespace, requestSignal);
  return { ...chrome, reviews: unique([...(chrome.reviews ?? []), ...controls, ...badge]) };
}

/**
 * What a Service's detail, edit or YAML page asks besides the Service (and the detail page's lists):
 * the app chrome's answers (who the identity is, the namespaces it may list Services in) and the
 * reviews of the page's controls (servicePageReviews), plus the read-only badge's second question
 * where the first says no.
 */
export function firstServicePageAnswers(
  identity: RequestIdentity | undefined,
  headers: Headers,
  cluster: string | undefined,
  page: ServicePage,
  namespace: string,
  name: string,
  requestSignal?: AbortSignal,
): Promise<FirstAnswers> {
  return pageAnswers(identity, headers, cluster, { verbs: ['list'], controls: servicePageReviews(page, namespace, name), badgeNamespace: namespace }, requestSignal);
}

/**
 * What the Service list page asks besides its rows: the app chrome's answers (who the identity is,
 * the namespaces it may list Services in), where it may create Services (the New Service buttons: in
 * the namespace shown, else the namespace choices for `create`) and the read-only badge's reviews
 * (listPageReviews).
 */
export function firstListPageAnswers(identity: RequestIdentity | undefined, headers: Headers, cluster: string | undefined, namespace: string | undefined, requestSignal?: AbortSignal): Promise<FirstAnswers> {
  const info = clusterInfo(headers, cluster);
  const badgeNamespace = namespace ?? (info.ok ? info.namespace : undefined);
  const verbs = namespace === undefined ? ['list', 'create'] : ['list'];
  return pageAnswers(identity, headers, cluster, { verbs, controls: listPageReviews(namespace, badgeNamespace), badgeNamespace }, requestSignal);
}
