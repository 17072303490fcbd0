/**
 * Simulated nodes: registers node-1..3 (as their kubelets would), binds unscheduled pods to them
 * round-robin within each node's pod capacity (as the scheduler would; pods that fit nowhere stay
 * Pending with PodScheduled=False and a FailedScheduling event), and reports bound pods Running
 * with an IP from the node's pod CIDR and Ready conditions (as the kubelet would). Pods never run
 * anything. Once a pod is running its status belongs to whoever writes it: readiness flipped
 * through pods/status stays.
 */
import type { Node } from '../../k8s/types/cluster';
import type { Pod } from '../../k8s/types/pod';
import { formatIpv4, parseIpv4Cidr } from '../allocators/ipv4';
import { isNotFound, rfc3339, isPermanent, type ControllerContext, type RunningController } from './context';
import { createEventRecorder } from './events';
import { splitKey } from './shared-informers';
import { buildNode, buildNodeStatus, NODE_COUNT, NODE_POD_CAPACITY, nodeInternalIP, nodeName, nodePodCIDR, podIPv6For, runningPodStatus, unschedulableMessage } from './simulated-nodes';
import { createWorkQueue } from './work-queue';

export const KUBELET = 'kubelet';
export const KUBE_SCHEDULER = 'kube-scheduler';
export const DEFAULT_SCHEDULER = 'default-scheduler';
/** FailedScheduling events are recorded while at most this many pods are waiting. */
const MAX_PENDING_EVENTS = 100;
/**
 * PodScheduled=False is written while at most this many pods are waiting: beyond it (a bulk load
 * far past the nodes' capacity) pods just stay Pending, which keeps such loads cheap.
 */
const MAX_PENDING_CONDITIONS = 1000;

function keyOf(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
}

function isTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** How long a simulated kubelet takes at most to stop a Terminating pod (PORTHOLE_POD_TERMINATION_MS, default 1 s). */
export const DEFAULT_POD_TERMINATION_MS = 1000;

export function startNodesController(
  ctx: ControllerContext,
  terminationMs = Number(process.env.PORTHOLE_POD_TERMINATION_MS ?? DEFAULT_POD_TERMINATION_MS),
  /** Dual-stack pods: each also gets an IPv6 address (the cluster has an IPv6 service CIDR). */
  ipv6 = false,
): RunningController {
  const { api, informers } = ctx;
  const recorder = createEventRecorder(api, DEFAULT_SCHEDULER, KUBE_SCHEDULER, () => ({ apiVersion: 'v1', kind: 'Pod' }), ctx.now, (err) => ctx.onError(err, 'scheduler events'));
  const nodeIndex = new Map<string, number>(Array.from({ length: NODE_COUNT }, (_, i) => [nodeName(i), i]));
  /** pod key → node index, for non-terminal pods bound to a simulated node. */
  const bound = new Map<string, number>();
  const podsOnNode = new Array<number>(NODE_COUNT).fill(0);
  const usedIPs = Array.from({ length: NODE_COUNT }, () => new Set<number>());
  const podIPs = new Map<string, [number, number]>();
  const unschedulable = new Set<string>();
  /** pod key → when the kubelet first saw it Terminating (ms). */
  const terminatingSince = new Map<string, number>();
  let nextNode = 0;

  function ensureNodes(): void {
    const now = rfc3339(ctx.now());
    for (let i = 0; i < NODE_COUNT; i++) {
      let node = api.get<Node>('nodes', undefined, nodeName(i));
      if (!node) node = api.create<Node>('nodes', buildNode(i, ipv6), { fieldManager: KUBELET });
      if (!node.status?.conditions?.length) {
        const next = structuredClone(node);
        next.status = buildNodeStatus(i, now);
        api.updateStatus<Node>('nodes', next, { fieldManager: KUBELET });
      }
    }
  }

  function hostPart(ip: string | undefined, idx: number): number | undefined {
    if (!ip) return undefined;
    const prefix = nodePodCIDR(idx).replace(/0\/24$/, '');
    return ip.startsWith(prefix) ? Number(ip.slice(prefix.length)) : undefined;
  }

  /** Keeps bound/podsOnNode/IPs in step with a pod's current state (undefined: deleted). */
  function observe(key: string, pod: Pod | undefined): void {
    const was = bound.get(key);
    const idx = pod && !isTerminal(pod) ? nodeIndex.get(pod.spec?.nodeName ?? '') : undefined;
    if (was !== idx) {
      if (was !== undefined) podsOnNode[was]--;
      if (idx !== undefined) podsOnNode[idx]++;
      if (idx === undefined) bound.delete(key);
      else bound.set(key, idx);
    }
    const held = podIPs.get(key);
    const part = idx === undefined || pod?.spec?.hostNetwork ? undefined : hostPart(pod?.status?.podIP, idx);
    if (held && (idx === undefined || held[0] !== idx || held[1] !== part)) {
      usedIPs[held[0]].delete(held[1]);
      podIPs.delete(key);
    }
    if (idx !== undefined && part !== undefined && !podIPs.has(key)) {
      usedIPs[idx].add(part);
      podIPs.set(key, [idx, part]);
    }
    if (!pod || pod.spec?.nodeName) unschedulable.delete(key);
    if (was !== undefined && idx === undefined) {
      // A slot freed up: give one pod that did not fit another chance.
      const waiting = unschedulable.values().next();
      if (!waiting.done) queue.add(waiting.value);
    }
  }

  function allocatePodIP(idx: number): string | undefined {
    const base = parseIpv4Cidr(nodePodCIDR(idx)).base;
    for (let part = 2; part < 255; part++) {
      if (!usedIPs[idx].has(part)) return formatIpv4(base + part);
    }
    return undefined;
  }

  function schedule(key: string, pod: Pod): void {
    const selector = Object.entries(pod.spec?.nodeSelector ?? {});
    let mismatch = 0;
    let full = 0;
    const fits: number[] = [];
    for (let i = 0; i < NODE_COUNT; i++) {
      const labels = informers.nodes.get(undefined, nodeName(i))?.metadata.labels ?? {};
      if (!selector.every(([k, v]) => labels[k] === v)) mismatch++;
      else if (podsOnNode[i] >= NODE_POD_CAPACITY) full++;
      else fits.push(i);
    }
    if (fits.length === 0) {
      unschedulable.add(key);
      markUnschedulable(pod, unschedulableMessage(NODE_COUNT, mismatch, full));
      return;
    }
    const idx = fits[nextNode++ % fits.length];
    const next = structuredClone(pod);
    next.spec = { ...(next.spec ?? { containers: [] }), nodeName: nodeName(idx) };
    api.update<Pod>('pods', next, { fieldManager: KUBE_SCHEDULER });
  }

  function markUnschedulable(pod: Pod, message: string): void {
    if (unschedulable.size > MAX_PENDING_CONDITIONS) return;
    const current = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
    if (current?.status === 'False' && current.message === message) return;
    const next = structuredClone(pod);
    next.status = {
      ...(next.status ?? {}),
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: rfc3339(ctx.now()), reason: 'Unschedulable', message }],
    };
    api.updateStatus<Pod>('pods', next, { fieldManager: KUBE_SCHEDULER });
    // Like client-go's event spam filter, a flood of unschedulable pods does not flood events.
    if (unschedulable.size <= MAX_PENDING_EVENTS) recorder.event(pod, 'Warning', 'FailedScheduling', message);
  }

  /**
   * The kubelet's side of graceful deletion: a Terminating pod on a simulated node is deleted for
   * good (grace 0, uid precondition) once its grace period is over — or sooner, after
   * `terminationMs` (nothing runs, so stopping is quick; keeps the Terminating state observable
   * without making every pod deletion take 30 s).
   */
  function finishTermination(key: string, pod: Pod): void {
    if (!nodeIndex.has(pod.spec?.nodeName ?? '')) return;
    const now = Date.now();
    const since = terminatingSince.get(key) ?? now;
    terminatingSince.set(key, since);
    const graceEnd = Date.parse(pod.metadata.deletionTimestamp ?? '') || now;
    const due = Math.min(graceEnd, since + terminationMs);
    if (now < due) {
      queue.addAfter(key, due - now);
      return;
    }
    try {
      api.delete('pods', pod.metadata.namespace, pod.metadata.name ?? '', { fieldManager: KUBELET, gracePeriodSeconds: 0, uid: pod.metadata.uid });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  function sync(key: string): void {
    const [ns, name] = splitKey(key);
    const pod = informers.pods.get(ns, name);
    if (!pod) {
      terminatingSince.delete(key);
      return;
    }
    if (pod.metadata.deletionTimestamp) {
      finishTermination(key, pod);
      return;
    }
    if (isTerminal(pod)) return;
    if (!pod.spec?.nodeName) {
      schedule(key, pod);
      return;
    }
    const idx = nodeIndex.get(pod.spec.nodeName);
    if (idx === undefined || pod.status?.podIP || pod.status?.phase === 'Running') return;
    const hostIP = nodeInternalIP(idx);
    const podIP = pod.spec.hostNetwork ? hostIP : allocatePodIP(idx);
    if (!podIP) return;
    const next = structuredClone(pod);
    const podIPv6 = ipv6 && !pod.spec.hostNetwork ? podIPv6For(podIP) : undefined;
    next.status = runningPodStatus(pod, hostIP, podIP, rfc3339(ctx.now()), podIPv6);
    try {
      api.updateStatus<Pod>('pods', next, { fieldManager: KUBELET });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  const queue = createWorkQueue(sync, { retryable: (err) => !isPermanent(err), onError: (key, err) => ctx.onError(err, `nodes-controller ${key}`) });
  informers.pods.onEvent((e, pod) => {
    const key = keyOf(pod);
    observe(key, e.type === 'DELETED' ? undefined : pod);
    if (e.type !== 'DELETED') queue.add(key);
    else terminatingSince.delete(key);
  });

  return {
    start() {
      ensureNodes();
      for (const pod of informers.pods.list()) observe(keyOf(pod), pod);
      for (const pod of informers.pods.list()) queue.add(keyOf(pod));
    },
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
