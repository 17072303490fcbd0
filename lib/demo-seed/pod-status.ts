/**
 * What a kubelet reports for a pod it runs, written through pods/status: phase Running, the pod's
 * IP and Ready conditions as the embedded cluster's simulated kubelet reports them (a pod with
 * `porthole.dev/ready: "false"` starts unready: runningPodStatus in ../cluster/controllers).
 */
import { PatchStrategy, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import type { Pod } from '../k8s/types/pod';
import { rfc3339 } from '../cluster/controllers/context';
import { runningPodStatus } from '../cluster/controllers/simulated-nodes';
import { body, wire, type DemoClient } from './client';
import type { SimNode } from './nodes';

export function podKey(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
}

/** Whether the pod still waits for its kubelet: on a node, not deleting, not finished, no IP yet. */
export function needsStart(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return !pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed' && !pod.status?.podIP;
}

/** Reports the pod Running on `node` with address `podIP` (host network: the node's address). */
export async function reportRunning(client: DemoClient, pod: Pod, node: SimNode, podIP: string, now = Date.now()): Promise<Pod> {
  const status = runningPodStatus(pod, node.hostIP, pod.spec?.hostNetwork ? node.hostIP : podIP, rfc3339(new Date(now)));
  const patched = await client.core.patchNamespacedPodStatus(
    { name: pod.metadata.name ?? '', namespace: pod.metadata.namespace ?? '', body: body<V1Pod>({ status }), fieldManager: 'kubelet' },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
  return wire<Pod>(patched);
}
