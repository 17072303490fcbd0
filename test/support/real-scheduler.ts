/**
 * The real test cluster has no kube-scheduler: this plays it for the tests, as the embedded cluster's
 * scheduler does. Every pod without `spec.nodeName` is bound (pods/binding) to one of the simulated
 * nodes in turn, whose kubelet lib/demo-seed plays; the kubelet then starts it. Tests create pods the
 * same way on both kinds of cluster.
 */
import type { KubeConfig, V1Binding } from '@kubernetes/client-node';
import { body, demoClient, errorText, isConflict, isNotFound, wire } from '../../lib/demo-seed/client';
import type { KubeList, Pod } from '../../lib/k8s/types';
import { watchLoop, type WatchLoop } from './real-watch-loop';

const UNSCHEDULED = 'spec.nodeName=';

export function startScheduler(kc: KubeConfig, nodes: readonly string[], log: (line: string) => void = () => undefined): WatchLoop {
  const client = demoClient(kc);
  const binding = new Set<string>();
  let next = 0;

  async function bind(pod: Pod): Promise<void> {
    const { name = '', namespace = '' } = pod.metadata;
    const key = `${namespace}/${name}`;
    if (pod.spec?.nodeName || pod.metadata.deletionTimestamp || binding.has(key)) return;
    binding.add(key);
    const node = nodes[next++ % nodes.length];
    const target: V1Binding = { apiVersion: 'v1', kind: 'Binding', metadata: { name, namespace, uid: pod.metadata.uid }, target: { apiVersion: 'v1', kind: 'Node', name: node } };
    try {
      await client.core.createNamespacedPodBinding({ name, namespace, body: body<V1Binding>(target) });
    } catch (err) {
      // Gone, or bound already (a second event for the same pod): nothing to do.
      if (!isNotFound(err) && !isConflict(err)) log(`scheduler: binding ${key} to ${node} failed: ${errorText(err)}`);
    } finally {
      binding.delete(key);
    }
  }

  const list = async (): Promise<KubeList<Pod>> => wire<KubeList<Pod>>(await client.core.listPodForAllNamespaces({ fieldSelector: UNSCHEDULED }));
  return watchLoop<Pod>(kc, { path: '/api/v1/pods', fieldSelector: UNSCHEDULED, list }, (pod) => void bind(pod), log);
}
