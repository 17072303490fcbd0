/**
 * Simulated nodes: registers node-1..3 (as their kubelets would), binds unscheduled pods to them
 * round-robin (as the scheduler would), and reports bound pods Running with an IP from the node's
 * pod CIDR and Ready conditions (as the kubelet would). Pods never run anything. Once a pod is
 * running its status belongs to whoever writes it: readiness flipped through pods/status stays.
 */
import type { Node } from '../../k8s/types/cluster';
import type { Pod } from '../../k8s/types/pod';
import { parseIpv4Cidr, formatIpv4 } from '../allocators/ipv4';
import { isNotFound, rfc3339, type ControllerContext, type RunningController } from './context';
import { splitKey } from './shared-informers';
import { buildNode, buildNodeStatus, NODE_COUNT, nodeInternalIP, nodeName, nodePodCIDR, runningPodStatus } from './simulated-nodes';
import { createWorkQueue } from './work-queue';

export const KUBELET = 'kubelet';
export const KUBE_SCHEDULER = 'kube-scheduler';

export function startNodesController(ctx: ControllerContext): RunningController {
  const { api, informers } = ctx;
  /** node name → used host parts of its /24. */
  const usedIPs = new Map<string, Set<number>>();
  /** pod key → [node, host part]. */
  const podIPs = new Map<string, [string, number]>();
  let nextNode = 0;

  const nodeIndex = (name: string | undefined) => {
    for (let i = 0; i < NODE_COUNT; i++) if (nodeName(i) === name) return i;
    return -1;
  };

  function ensureNodes(): void {
    const now = rfc3339(ctx.now());
    for (let i = 0; i < NODE_COUNT; i++) {
      let node = api.get<Node>('nodes', undefined, nodeName(i));
      if (!node) node = api.create<Node>('nodes', buildNode(i), { fieldManager: KUBELET });
      if (!node.status?.conditions?.length) {
        const next = structuredClone(node);
        next.status = buildNodeStatus(i, now);
        api.updateStatus<Node>('nodes', next, { fieldManager: KUBELET });
      }
    }
  }

  function hostPart(ip: string | undefined, node: number): number | undefined {
    if (!ip) return undefined;
    const prefix = nodePodCIDR(node).replace(/\.0\/24$/, '.');
    return ip.startsWith(prefix) ? Number(ip.slice(prefix.length)) : undefined;
  }

  function track(key: string, pod: Pod): void {
    const idx = nodeIndex(pod.spec?.nodeName);
    const part = idx < 0 ? undefined : hostPart(pod.status?.podIP, idx);
    if (part === undefined || podIPs.has(key)) return;
    const used = usedIPs.get(nodeName(idx)) ?? new Set<number>();
    used.add(part);
    usedIPs.set(nodeName(idx), used);
    podIPs.set(key, [nodeName(idx), part]);
  }

  function allocatePodIP(idx: number): string | undefined {
    const used = usedIPs.get(nodeName(idx)) ?? new Set<number>();
    usedIPs.set(nodeName(idx), used);
    const base = parseIpv4Cidr(nodePodCIDR(idx)).base;
    for (let part = 2; part < 255; part++) {
      if (!used.has(part)) {
        used.add(part);
        return formatIpv4(base + part);
      }
    }
    return undefined;
  }

  function release(key: string): void {
    const held = podIPs.get(key);
    if (!held) return;
    usedIPs.get(held[0])?.delete(held[1]);
    podIPs.delete(key);
  }

  function schedule(pod: Pod): void {
    const selector = pod.spec?.nodeSelector ?? {};
    const fits = [...Array(NODE_COUNT).keys()].filter((i) => {
      const labels = informers.nodes.get(undefined, nodeName(i))?.metadata.labels ?? {};
      return Object.entries(selector).every(([k, v]) => labels[k] === v);
    });
    if (fits.length === 0) return;
    const idx = fits[nextNode++ % fits.length];
    const next = structuredClone(pod);
    next.spec = { ...(next.spec ?? { containers: [] }), nodeName: nodeName(idx) };
    api.update<Pod>('pods', next, { fieldManager: KUBE_SCHEDULER });
  }

  function sync(key: string): void {
    const [ns, name] = splitKey(key);
    const pod = informers.pods.get(ns, name);
    if (!pod) {
      release(key);
      return;
    }
    if (pod.metadata.deletionTimestamp) return;
    if (!pod.spec?.nodeName) {
      schedule(pod);
      return;
    }
    const idx = nodeIndex(pod.spec.nodeName);
    if (idx < 0) return; // bound to a node we do not simulate
    if (pod.status?.podIP || pod.status?.phase === 'Running' || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') {
      track(key, pod);
      return;
    }
    const hostIP = nodeInternalIP(idx);
    const podIP = pod.spec.hostNetwork ? hostIP : allocatePodIP(idx);
    if (!podIP) return;
    const next = structuredClone(pod);
    next.status = runningPodStatus(pod, hostIP, podIP, rfc3339(ctx.now()));
    try {
      api.updateStatus<Pod>('pods', next, { fieldManager: KUBELET });
      if (!pod.spec.hostNetwork) podIPs.set(key, [nodeName(idx), hostPart(podIP, idx) ?? 0]);
    } catch (err) {
      if (!pod.spec.hostNetwork) usedIPs.get(nodeName(idx))?.delete(hostPart(podIP, idx) ?? -1);
      if (!isNotFound(err)) throw err;
    }
  }

  const queue = createWorkQueue(sync, { onError: (key, err) => ctx.onError(err, `nodes-controller ${key}`) });
  informers.pods.onEvent((e, pod) => {
    const key = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
    if (e.type === 'DELETED') release(key);
    else queue.add(key);
  });

  return {
    start() {
      ensureNodes();
      for (const pod of informers.pods.list()) track(`${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`, pod);
      for (const pod of informers.pods.list()) queue.add(`${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`);
    },
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
