/** core/v1 Node: the fields the simulated nodes report. */
import { anyValue, atomicList, bool, field, keyedList, list, mapOf, named, quantity, str, strings, time } from './builders';
import { kindSchema } from './meta';

const CORE = 'io.k8s.api.core.v1';

export const taintSchema = named(
  `${CORE}.Taint`,
  'A mark on a node that repels pods which do not tolerate it.',
  {
    key: str('The taint key.'),
    value: str('The taint value.'),
    effect: str('What happens to pods that do not tolerate it: `NoSchedule`, `PreferNoSchedule` or `NoExecute`.', [
      'NoExecute',
      'NoSchedule',
      'PreferNoSchedule',
    ]),
    timeAdded: time('When a NoExecute taint was added.'),
  },
  { required: ['key', 'effect'] },
);

export const nodeSpecSchema = named(`${CORE}.NodeSpec`, 'How a node is configured.', {
  podCIDR: str('The pod address range assigned to the node (the first entry of podCIDRs).'),
  podCIDRs: list({ type: 'string' }, 'The pod address ranges assigned to the node, at most one per IP family.', {
    listType: 'set',
    patchStrategy: 'merge',
  }),
  providerID: str('The identifier of the node at its infrastructure provider.'),
  unschedulable: bool('When true, no new pods are placed on the node (cordoned).'),
  taints: atomicList(taintSchema, 'The taints of the node.'),
  configSource: anyValue('Deprecated: the source of dynamic kubelet configuration.'),
  externalID: str('Deprecated: not used.'),
});

export const nodeConditionSchema = named(
  `${CORE}.NodeCondition`,
  'One aspect of the state of a node.',
  {
    type: str('What the condition is about: `Ready`, `MemoryPressure`, `DiskPressure`, `PIDPressure`, `NetworkUnavailable`.'),
    status: str('`True`, `False` or `Unknown`.'),
    lastHeartbeatTime: time('When the node last reported this condition.'),
    lastTransitionTime: time('When status last changed.'),
    reason: str('A CamelCase word explaining the last transition.'),
    message: str('A human-readable explanation of the last transition.'),
  },
  { required: ['type', 'status'] },
);

export const nodeAddressSchema = named(
  `${CORE}.NodeAddress`,
  'One address of a node.',
  {
    type: str('The kind of address: `Hostname`, `InternalIP`, `ExternalIP`, `InternalDNS` or `ExternalDNS`.'),
    address: str('The address itself.'),
  },
  { required: ['type', 'address'] },
);

const info = (text: string) => str(text);

export const nodeSystemInfoSchema = named(
  `${CORE}.NodeSystemInfo`,
  'Facts about the machine and software of a node.',
  {
    machineID: info('The machine identifier reported by the node.'),
    systemUUID: info('The hardware UUID of the node.'),
    bootID: info('The identifier of the current boot.'),
    kernelVersion: info('The kernel version (`uname -r`).'),
    osImage: info('The operating system image.'),
    containerRuntimeVersion: info('The container runtime and its version (`containerd://1.7.0`).'),
    kubeletVersion: info('The kubelet version.'),
    kubeProxyVersion: info('Deprecated: the kube-proxy version, not reliably reported.'),
    operatingSystem: info('The operating system, e.g. `linux`.'),
    architecture: info('The CPU architecture, e.g. `amd64`.'),
    swap: anyValue('Swap memory of the node (`capacity` in bytes).'),
  },
  {
    required: [
      'machineID',
      'systemUUID',
      'bootID',
      'kernelVersion',
      'osImage',
      'containerRuntimeVersion',
      'kubeletVersion',
      'kubeProxyVersion',
      'operatingSystem',
      'architecture',
    ],
  },
);

export const nodeStatusSchema = named(`${CORE}.NodeStatus`, 'The reported state of a node.', {
  capacity: mapOf(quantity(''), 'The total resources of the node.'),
  allocatable: mapOf(quantity(''), 'The resources available to pods (capacity minus reservations).'),
  conditions: keyedList(nodeConditionSchema, 'The current conditions of the node, keyed by type.', ['type']),
  addresses: keyedList(nodeAddressSchema, 'The addresses of the node, keyed by type.', ['type']),
  nodeInfo: field(nodeSystemInfoSchema, 'Facts about the machine and software of the node.'),
  phase: str('Deprecated and never set.'),
  daemonEndpoints: anyValue('The ports of daemons on the node (`kubeletEndpoint.Port`).'),
  images: atomicList(anyValue(''), 'Container images present on the node, with their names and sizes.'),
  volumesInUse: strings('Volumes mounted on the node.'),
  volumesAttached: atomicList(anyValue(''), 'Volumes attached to the node.'),
  config: anyValue('The state of dynamic kubelet configuration.'),
  runtimeHandlers: atomicList(anyValue(''), 'The runtime handlers the node offers.'),
  features: anyValue('Features the container runtime implements.'),
});

export const nodeSchema = kindSchema(
  `${CORE}.Node`,
  'A machine of the cluster that runs pods. The embedded cluster simulates its nodes.',
  { group: '', version: 'v1', kind: 'Node' },
  {
    spec: field(nodeSpecSchema, 'How the node is configured.'),
    status: field(nodeStatusSchema, 'The most recently observed state of the node. Read-only.'),
  },
);
