/**
 * The shared front of the two endpoint controllers (EndpointSlice and legacy Endpoints): a work
 * queue keyed by Service (`<namespace>/<name>`), fed by the Service and pod changes that matter for
 * endpoints, batched (5 ms) and rate-limited per Service (`PORTHOLE_ENDPOINTS_INTERVAL_MS`, 500 ms).
 */
import { isPermanent, KUBE_CONTROLLER_MANAGER, type ControllerContext } from './context';
import { endpointRelevantState, serviceEndpointState } from './pod-endpoints';
import { servicesSelecting } from './shared-informers';
import { createWorkQueue, type WorkQueue } from './work-queue';

export const ENDPOINTS_WRITE_OPTIONS = { fieldManager: KUBE_CONTROLLER_MANAGER };
/** Pod and Service events within this window are handled together. */
const BATCH_MS = 5;
/** A Service's endpoints are rewritten at most this often during bursts. */
const MIN_INTERVAL_MS = Number(process.env.PORTHOLE_ENDPOINTS_INTERVAL_MS ?? 500);

export const objectKey = (o: { metadata: { namespace?: string; name?: string } }): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;

export function createEndpointQueue(ctx: ControllerContext, controller: string, sync: (serviceKey: string) => void): WorkQueue {
  const { informers } = ctx;
  const queue = createWorkQueue(sync, {
    retryable: (err) => !isPermanent(err),
    batchMs: BATCH_MS,
    minIntervalMs: MIN_INTERVAL_MS,
    onError: (key, err) => ctx.onError(err, `${controller} ${key}`),
  });
  informers.services.onEvent((e, svc, prev) => {
    if (e.type === 'MODIFIED' && serviceEndpointState(svc) === serviceEndpointState(prev)) return;
    queue.add(objectKey(svc));
  });
  informers.pods.onEvent((e, pod, prev) => {
    const before = endpointRelevantState(prev);
    if (before === endpointRelevantState(e.type === 'DELETED' ? undefined : pod)) return;
    const ns = pod.metadata.namespace ?? '';
    for (const k of servicesSelecting(informers, ns, pod.metadata.labels)) queue.add(k);
    if (before && prev) for (const k of servicesSelecting(informers, ns, prev.metadata.labels)) queue.add(k);
  });
  return queue;
}
