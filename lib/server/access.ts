import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { SelfSubjectAccessReview } from '../k8s/types';
import { accessReviews } from './operations';
import { readJson } from './upstream';

/**
 * May this identity list Services in every namespace? Asked with a SelfSubjectAccessReview (the API
 * server decides); undefined when the answer is unknown (API server unreachable, review refused).
 */
export async function mayListServicesEverywhere(kc: KubeConfig): Promise<boolean | undefined> {
  const review: SelfSubjectAccessReview = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    metadata: {},
    spec: { resourceAttributes: { verb: 'list', resource: 'services' } },
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
