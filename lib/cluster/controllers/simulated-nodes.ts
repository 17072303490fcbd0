/**
 * The simulated nodes: three Node objects, and what their kubelets and the scheduler would write
 * for a pod. Pure builders; nodes-controller.ts does the writing.
 */
import type { Node } from '../../k8s/types/cluster';
import type { ContainerStatus, Pod, PodCondition, PodStatus } from '../../k8s/types/pod';

export const NODE_COUNT = 3;
export const ZONES = ['zone-a', 'zone-b', 'zone-c'];
export const REGION = 'porthole-local';
export const KUBELET_VERSION = 'v1.32.0';
/** Pods a node accepts (its `pods` capacity; a /24 pod CIDR holds 253). */
export const NODE_POD_CAPACITY = 250;
/** A pod starts unready when it carries this annotation (or label) with the value "false". */
export const READY_ANNOTATION = 'porthole.dev/ready';

export function nodeName(index: number): string {
  return `node-${index + 1}`;
}

export function nodeInternalIP(index: number): string {
  return `172.18.0.${index + 2}`;
}

/** The pod CIDR of node `index` (0-based): node-1 has 10.244.1.0/24, node-2 10.244.2.0/24, ... */
export function nodePodCIDR(index: number): string {
  return `10.244.${index + 1}.0/24`;
}

/** The IPv6 pod CIDR of node `index` on a dual-stack cluster: fd00:10:244:1::/64, ... */
export function nodePodCIDRv6(index: number): string {
  return `fd00:10:244:${index + 1}::/64`;
}

/** A dual-stack pod's IPv6 address, derived from its IPv4 one: 10.244.2.7 → fd00:10:244:2::7. */
export function podIPv6For(podIPv4: string): string | undefined {
  const m = /^10\.244\.(\d+)\.(\d+)$/.exec(podIPv4);
  return m ? `fd00:10:244:${m[1]}::${Number(m[2]).toString(16)}` : undefined;
}

/** A simulated node; on a dual-stack cluster (`ipv6`) it also has an IPv6 pod CIDR. */
export function buildNode(index: number, ipv6 = false): Node {
  const name = nodeName(index);
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'topology.kubernetes.io/region': REGION,
        'topology.kubernetes.io/zone': ZONES[index % ZONES.length],
        ...(index === 0 ? { 'node-role.kubernetes.io/control-plane': '' } : {}),
      },
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: {
      podCIDR: nodePodCIDR(index),
      podCIDRs: ipv6 ? [nodePodCIDR(index), nodePodCIDRv6(index)] : [nodePodCIDR(index)],
      providerID: `porthole://${name}`,
    },
  };
}

export function buildNodeStatus(index: number, now: string): NonNullable<Node['status']> {
  const resources = { cpu: '4', 'ephemeral-storage': '102625208Ki', 'hugepages-2Mi': '0', memory: '16351068Ki', pods: String(NODE_POD_CAPACITY) };
  const cond = (type: string, status: 'True' | 'False', reason: string, message: string) => ({
    type,
    status,
    lastHeartbeatTime: now,
    lastTransitionTime: now,
    reason,
    message,
  });
  return {
    capacity: resources,
    allocatable: resources,
    conditions: [
      cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
      cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
      cond('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
      cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
    ],
    addresses: [
      { type: 'InternalIP', address: nodeInternalIP(index) },
      { type: 'Hostname', address: nodeName(index) },
    ],
    nodeInfo: {
      machineID: `porthole-machine-${index + 1}`,
      systemUUID: `00000000-0000-4000-8000-00000000000${index + 1}`,
      bootID: `00000000-0000-4000-9000-00000000000${index + 1}`,
      kernelVersion: '6.1.0-porthole',
      osImage: 'Porthole simulated node',
      containerRuntimeVersion: 'containerd://1.7.24',
      kubeletVersion: KUBELET_VERSION,
      kubeProxyVersion: KUBELET_VERSION,
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
  };
}

/** The scheduler's FailedScheduling text for nodes that fail on the selector or on capacity. */
export function unschedulableMessage(total: number, selectorMismatch: number, full: number): string {
  const reasons: string[] = [];
  if (full) reasons.push(`${full} Too many pods`);
  if (selectorMismatch) reasons.push(`${selectorMismatch} node(s) didn't match Pod's node affinity/selector`);
  const preemption: string[] = [];
  if (full) preemption.push(`${full} No preemption victims found for incoming pod`);
  if (selectorMismatch) preemption.push(`${selectorMismatch} Preemption is not helpful for scheduling`);
  return `0/${total} nodes are available: ${reasons.join(', ')}. preemption: 0/${total} nodes are available: ${preemption.join(', ')}.`;
}

/** Whether the pod asks to start unready (annotation or label `porthole.dev/ready: "false"`). */
export function startsUnready(pod: Pod): boolean {
  return pod.metadata.annotations?.[READY_ANNOTATION] === 'false' || pod.metadata.labels?.[READY_ANNOTATION] === 'false';
}

/** The pod's QoS class (pkg/apis/core/helper/qos): Guaranteed, Burstable or BestEffort. */
export function qosClass(pod: Pod): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers = pod.spec?.containers ?? [];
  const any = containers.some((c) => Object.keys(c.resources?.requests ?? {}).length || Object.keys(c.resources?.limits ?? {}).length);
  if (!any) return 'BestEffort';
  const guaranteed = containers.every((c) => {
    const limits = c.resources?.limits ?? {};
    const requests = { ...limits, ...(c.resources?.requests ?? {}) };
    return ['cpu', 'memory'].every((r) => limits[r] !== undefined && requests[r] === limits[r]);
  });
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** The status a kubelet reports once the pod's containers run: Running, IPs (a second, IPv6 one on dual stack), conditions. */
export function runningPodStatus(pod: Pod, hostIP: string, podIP: string, now: string, podIPv6?: string): PodStatus {
  const ready = !startsUnready(pod);
  const status = (b: boolean): 'True' | 'False' => (b ? 'True' : 'False');
  const conditions: PodCondition[] = [
    { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: now },
    { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: now },
    ready
      ? { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: now }
      : { type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: now, reason: 'ContainersNotReady', message: `containers with unready status: [${(pod.spec?.containers ?? []).map((c) => c.name).join(' ')}]` },
    ready
      ? { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: now }
      : { type: 'ContainersReady', status: status(false), lastProbeTime: null, lastTransitionTime: now, reason: 'ContainersNotReady', message: `containers with unready status: [${(pod.spec?.containers ?? []).map((c) => c.name).join(' ')}]` },
    { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: now },
  ];
  const containerStatuses: ContainerStatus[] = (pod.spec?.containers ?? []).map((c, i) => ({
    name: c.name,
    ready,
    started: true,
    restartCount: 0,
    image: c.image ?? '',
    imageID: c.image ? `${c.image.includes(':') ? c.image.split(':')[0] : c.image}@sha256:${'0'.repeat(63)}${i}` : '',
    containerID: `containerd://${(pod.metadata.uid ?? '').replace(/-/g, '')}${i}`,
    state: { running: { startedAt: now } },
  }));
  return {
    ...(pod.status ?? {}),
    phase: 'Running',
    conditions,
    hostIP,
    hostIPs: [{ ip: hostIP }],
    podIP,
    podIPs: podIPv6 ? [{ ip: podIP }, { ip: podIPv6 }] : [{ ip: podIP }],
    startTime: now,
    containerStatuses,
    qosClass: pod.status?.qosClass ?? qosClass(pod),
  };
}

/**
 * The status a kubelet would report after the pod's readiness probe flips: Ready, ContainersReady
 * and every container's `ready` set together. Tests and tools write it through pods/status.
 */
export function podStatusWithReadiness(pod: Pod, ready: boolean, now: string): PodStatus {
  const flip = (c: PodCondition): PodCondition => {
    if (c.type !== 'Ready' && c.type !== 'ContainersReady') return c;
    if ((c.status === 'True') === ready) return c;
    const next: PodCondition = { type: c.type, status: ready ? 'True' : 'False', lastProbeTime: null, lastTransitionTime: now };
    if (!ready) {
      next.reason = 'ContainersNotReady';
      next.message = `containers with unready status: [${(pod.spec?.containers ?? []).map((x) => x.name).join(' ')}]`;
    }
    return next;
  };
  return {
    ...(pod.status ?? {}),
    conditions: (pod.status?.conditions ?? []).map(flip),
    containerStatuses: (pod.status?.containerStatuses ?? []).map((cs) => ({ ...cs, ready })),
  };
}
