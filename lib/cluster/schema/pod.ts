/**
 * core/v1 Pod. The fields the embedded cluster keeps (lib/k8s/types/pod.ts) are described in
 * detail; the other real PodSpec/PodStatus fields are present (complex ones as free-form objects)
 * so that ordinary manifests pass strict field validation.
 */
import {
  anyValue,
  atomicList,
  bool,
  field,
  int32,
  int64,
  keyedList,
  list,
  mapOf,
  named,
  quantity,
  str,
  stringMap,
  time,
  type ListOptions,
} from './builders';
import { containerSchema, containerStatusSchema } from './container';
import { kindSchema } from './meta';

const CORE = 'io.k8s.api.core.v1';

/** Lists keyed by name whose strategic merge also retains keys (volumes, resource claims). */
const MERGE_RETAIN_BY_NAME: ListOptions = { listType: 'map', listMapKeys: ['name'], patchMergeKey: 'name', patchStrategy: 'merge,retainKeys' };

export const podReadinessGateSchema = named(
  `${CORE}.PodReadinessGate`,
  'An extra condition a pod needs to count as ready.',
  { conditionType: str('The type of a pod condition that must be True.') },
  { required: ['conditionType'] },
);

export const podSpecSchema = named(
  `${CORE}.PodSpec`,
  'The desired state of a pod.',
  {
    containers: keyedList(containerSchema, 'The containers of the pod; at least one. Keyed by name.', ['name']),
    initContainers: keyedList(
      containerSchema,
      'Containers that run to completion, one after the other, before the others start. Keyed by name.',
      ['name'],
    ),
    ephemeralContainers: keyedList(anyValue(''), 'Debugging containers added to a running pod, keyed by name.', ['name']),
    nodeName: str('The node the pod is bound to. Set by the scheduler (here: the simulated nodes) unless given.'),
    nodeSelector: stringMap('Node labels a node must carry for the pod to be placed on it.', true),
    affinity: anyValue('Node and pod (anti-)affinity rules for scheduling.'),
    tolerations: atomicList(anyValue(''), 'The node taints the pod tolerates.'),
    topologySpreadConstraints: keyedList(anyValue(''), 'How pods spread across topology domains, keyed by topologyKey and whenUnsatisfiable.', [
      'topologyKey',
      'whenUnsatisfiable',
    ]),
    schedulingGates: keyedList(anyValue(''), 'Gates that hold the pod back from scheduling while present, keyed by name.', ['name']),
    hostname: str('The host name of the pod; defaults to the pod name.'),
    subdomain: str(
      'With a headless Service of this name in the namespace, the pod gets the DNS name `<hostname>.<subdomain>.<namespace>.svc.<cluster-domain>`.',
    ),
    setHostnameAsFQDN: bool('Whether the pod’s host name is its fully qualified domain name.'),
    hostAliases: keyedList(anyValue(''), 'Extra /etc/hosts entries, keyed by ip.', ['ip']),
    restartPolicy: str('When containers are restarted: `Always` (default), `OnFailure` or `Never`.', ['Always', 'Never', 'OnFailure']),
    terminationGracePeriodSeconds: int64('Seconds the pod gets to shut down after deletion is requested. Defaults to 30.'),
    activeDeadlineSeconds: int64('Seconds the pod may be active before it is failed.'),
    dnsPolicy: str('How DNS is configured for the pod: `ClusterFirst` (default), `ClusterFirstWithHostNet`, `Default` or `None`.', [
      'ClusterFirst',
      'ClusterFirstWithHostNet',
      'Default',
      'None',
    ]),
    dnsConfig: anyValue('Extra DNS settings (nameservers, searches, options).'),
    serviceAccountName: str('The ServiceAccount the pod runs as.'),
    serviceAccount: str('Deprecated alias of serviceAccountName.'),
    automountServiceAccountToken: bool('Whether the ServiceAccount token is mounted into the pod.'),
    schedulerName: str('The scheduler that places the pod; `default-scheduler` by default.'),
    priorityClassName: str('The PriorityClass of the pod.'),
    priority: int32('The priority value, resolved from the PriorityClass.'),
    preemptionPolicy: str('Whether the pod may preempt lower-priority pods: `PreemptLowerPriority` or `Never`.'),
    runtimeClassName: str('The RuntimeClass used to run the pod.'),
    hostNetwork: bool('When true the pod uses the node’s network namespace, and its IP is the node IP.'),
    hostPID: bool('Whether the pod uses the node’s process namespace.'),
    hostIPC: bool('Whether the pod uses the node’s IPC namespace.'),
    hostUsers: bool('Whether the pod uses the node’s user namespace.'),
    shareProcessNamespace: bool('Whether the containers share one process namespace.'),
    securityContext: anyValue('Security settings for all containers of the pod.'),
    imagePullSecrets: keyedList(anyValue(''), 'Secrets used to pull the images, keyed by name.', ['name']),
    volumes: list(anyValue(''), 'Volumes the containers can mount, keyed by name.', MERGE_RETAIN_BY_NAME),
    enableServiceLinks: bool('Whether Service addresses are injected as environment variables (default true).'),
    os: anyValue('The operating system the pod needs (`name: linux` or `windows`).'),
    overhead: mapOf(quantity(''), 'Resources the pod’s sandbox uses on top of its containers.'),
    readinessGates: atomicList(podReadinessGateSchema, 'Extra conditions that must be True for the pod to be ready.'),
    resourceClaims: list(anyValue(''), 'Dynamically allocated resources of the pod, keyed by name.', MERGE_RETAIN_BY_NAME),
    resources: anyValue('Pod-level compute resources (requests and limits) shared by the containers.'),
  },
  { required: ['containers'] },
);

export const podConditionSchema = named(
  `${CORE}.PodCondition`,
  'One aspect of the state of a pod.',
  {
    type: str('What the condition is about: `PodScheduled`, `Initialized`, `ContainersReady`, `Ready`, ...'),
    status: str('`True`, `False` or `Unknown`.'),
    observedGeneration: int64('The metadata.generation the condition was computed from.'),
    lastProbeTime: time('When the condition was last checked.'),
    lastTransitionTime: time('When status last changed.'),
    reason: str('A CamelCase word explaining the last transition.'),
    message: str('A human-readable explanation of the last transition.'),
  },
  { required: ['type', 'status'] },
);

export const podIPSchema = named(`${CORE}.PodIP`, 'One IP address of a pod.', { ip: str('The address.') }, { required: ['ip'] });
export const hostIPSchema = named(`${CORE}.HostIP`, 'One IP address of the node a pod runs on.', { ip: str('The address.') }, {
  required: ['ip'],
});

export const podStatusSchema = named(
  `${CORE}.PodStatus`,
  'The observed state of a pod. Written by the node; may lag behind reality.',
  {
    phase: str('The overall lifecycle phase: `Pending`, `Running`, `Succeeded`, `Failed` or `Unknown`.', [
      'Failed',
      'Pending',
      'Running',
      'Succeeded',
      'Unknown',
    ]),
    observedGeneration: int64('The metadata.generation the status was computed from.'),
    conditions: keyedList(podConditionSchema, 'The current conditions of the pod, keyed by type.', ['type']),
    message: str('A human-readable note on why the pod is in its state.'),
    reason: str('A CamelCase word on why the pod is in its state, e.g. `Evicted`.'),
    nominatedNodeName: str('The node the pod may go to once preemption there completes.'),
    hostIP: str('The primary IP of the node the pod runs on.'),
    hostIPs: list(hostIPSchema, 'The IPs of the node the pod runs on, primary first.', {
      listType: 'atomic',
      patchMergeKey: 'ip',
      patchStrategy: 'merge',
    }),
    podIP: str('The primary IP of the pod; the address Services send traffic to.'),
    podIPs: keyedList(podIPSchema, 'The IPs of the pod, at most one per family, primary first.', ['ip']),
    startTime: time('When the node accepted the pod, before its images were pulled.'),
    initContainerStatuses: atomicList(containerStatusSchema, 'The state of each init container.'),
    containerStatuses: atomicList(containerStatusSchema, 'The state of each container of the spec.'),
    ephemeralContainerStatuses: atomicList(containerStatusSchema, 'The state of each ephemeral container.'),
    qosClass: str('The quality-of-service class derived from the resource requests and limits.', ['BestEffort', 'Burstable', 'Guaranteed']),
    resize: str('Deprecated: the state of a requested resize of the containers’ resources.'),
    resourceClaimStatuses: list(anyValue(''), 'The state of the pod’s resource claims, keyed by name.', MERGE_RETAIN_BY_NAME),
  },
);

export const podSchema = kindSchema(
  `${CORE}.Pod`,
  'A group of containers scheduled together on one node, sharing a network address. Services send traffic to the pods their selector matches.',
  { group: '', version: 'v1', kind: 'Pod' },
  {
    spec: field(podSpecSchema, 'The desired state of the pod.'),
    status: field(podStatusSchema, 'The most recently observed state of the pod. Read-only.'),
  },
);
