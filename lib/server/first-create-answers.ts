import 'server-only';
import type { Namespace, ResourceAttributes } from '../k8s/types';
import { MAX_REVIEWED_NAMESPACES, namespaceCandidates, type CarriedReview, type FirstAnswers, type IdentityAnswer } from '../contract/first-answers';
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

/**
 * What the new Service form's first screen needs, read as the page's identity with the requests the
 * browser's hooks make (lib/client/namespace-choices.ts: `/api/identity`, the namespace list, may it
 * `verb` Services everywhere, else in each candidate namespace), in parallel, within the first-HTML
 * wait. What is refused, too big or slow is left out: the browser asks for it, as before, and the form
 * then waits for it in the browser. Nothing of another identity's ever goes in: every request is this one's.
 */
export async function firstCreateAnswers(identity: RequestIdentity | undefined, headers: Headers, cluster: string | undefined, verb: string, requestSignal?: AbortSignal): Promise<FirstAnswers> {
  const info = clusterInfo(headers, cluster);
  const answer: IdentityAnswer = { ...info, readOnly: readOnlyMode() };
  if (!identity || !info.ok) return { identity: answer };
  const everywhereAttrs: ResourceAttributes = { verb, resource: 'services' };
  const carried = <T,>(work: (signal: AbortSignal) => Promise<T | undefined>) => withinFirstHtmlWait(work, requestSignal);
  const [listed, everywhere] = await Promise.all([
    carried((signal) => smallListSnapshot<Namespace>(namespaces.list(identity.kubeConfig, signal))),
    carried((signal) => review(identity, everywhereAttrs, signal)),
  ]);
  // The page reads names and labels only: managedFields would be most of the HTML's namespace list.
  for (const ns of listed?.items ?? []) delete ns.metadata.managedFields;
  const reviews: CarriedReview[] = everywhere ? [everywhere] : [];
  if (everywhere?.status.allowed === false) {
    // The browser asks one review per candidate (up to MAX_REVIEWED_NAMESPACES); so does the HTML.
    const candidates = namespaceCandidates(
      (listed?.items ?? []).map((n) => n.metadata.name ?? ''),
      [],
      info.namespace,
      info.namespaces,
    );
    // A namespace list that was refused is an answer the browser gets too (403): its candidates are then the same.
    if (candidates.length <= MAX_REVIEWED_NAMESPACES) {
      const each = await Promise.all(candidates.map((namespace) => carried((signal) => review(identity, { verb, resource: 'services', namespace }, signal))));
      for (const r of each) if (r) reviews.push(r);
    }
  }
  return { identity: answer, namespaces: listed, reviews };
}
