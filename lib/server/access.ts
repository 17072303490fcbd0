import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { SelfSubjectAccessReview } from '../k8s/types';
import { accessReviews } from './operations';
import { readJson } from './upstream';

/**
 * May this identity list Services in `namespace` (every namespace when none is given)? Asked with a
 * SelfSubjectAccessReview (the API server decides); undefined when the answer is unknown (API server
 * unreachable, review refused).
 */
export async function mayListServices(kc: KubeConfig, namespace?: string): Promise<boolean | undefined> {
  const review: SelfSubjectAccessReview = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    metadata: {},
    spec: { resourceAttributes: { verb: 'list', resource: 'services', ...(namespace ? { namespace } : {}) } },
  };
  try {
    const res = await accessReviews.selfSubjectAccess(kc, Buffer.from(JSON.stringify(review)));
    const body = (await readJson(res.body)) as SelfSubjectAccessReview;
    if (res.status !== 201 && res.status !== 200) return undefined;
    return body.status?.allowed === true;
  } catch {
    return undefined;
  }
}

/**
 * The namespace a list should open in for an identity that may not list Services everywhere: the
 * first of `candidates` (the context's namespace, then --namespaces) where it may; undefined when it
 * may list everywhere, or when no candidate is known to be readable.
 */
export async function namespaceToOpen(kc: KubeConfig, candidates: readonly string[]): Promise<string | undefined> {
  const unique = [...new Set(candidates.filter(Boolean))];
  if (unique.length === 0 || (await mayListServices(kc)) !== false) return undefined;
  const answers = await Promise.all(unique.map((ns) => mayListServices(kc, ns)));
  return unique.find((_, i) => answers[i] === true) ?? unique[0];
}
