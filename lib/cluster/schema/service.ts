/** core/v1 Service: every field of ServiceSpec and ServiceStatus, with list semantics as upstream declares them. */
import {
  atomicList,
  bool,
  field,
  int32,
  intOrString,
  keyedList,
  named,
  str,
  stringMap,
  strings,
} from './builders';
import { conditionSchema, kindSchema } from './meta';

const CORE = 'io.k8s.api.core.v1';
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;

export const servicePortSchema = named(
  `${CORE}.ServicePort`,
  'One port a Service exposes, and where its traffic goes on the backing pods.',
  {
    name: str(
      'A name for this port, unique within the Service. It must be a DNS label (lowercase letters, digits and "-"). Required when the Service has more than one port; it becomes the name of the matching EndpointSlice port.',
    ),
    protocol: str('The IP protocol of this port: `TCP` (the default), `UDP` or `SCTP`.', PROTOCOLS),
    appProtocol: str(
      'The application protocol spoken on this port, as a hint to proxies and implementations: an IANA service name (e.g. `http`), a `kubernetes.io/` prefixed standard name (`kubernetes.io/h2c`, `kubernetes.io/ws`, `kubernetes.io/wss`), or a domain-prefixed custom name such as `example.com/proto`.',
    ),
    port: int32('The port number clients connect to on the Service (1-65535).'),
    targetPort: intOrString(
      'Where traffic is sent on each selected pod: a port number (1-65535) or the name of a container port (an IANA service name) looked up in each pod. Defaults to the value of `port`. Ignored for headless Services (clusterIP `None`).',
    ),
    nodePort: int32(
      'The port opened on every node for NodePort and LoadBalancer Services. Allocated from the node-port range when left empty; a value given must lie in that range and be free. Cleared when the type no longer needs it.',
    ),
  },
  { required: ['port'] },
);

export const clientIPConfigSchema = named(
  `${CORE}.ClientIPConfig`,
  'Settings of ClientIP session affinity.',
  {
    timeoutSeconds: int32(
      'How long, in seconds, a client stays pinned to the same backend after its last connection: more than 0 and at most 86400 (one day). Defaults to 10800 (three hours) when sessionAffinity is ClientIP.',
    ),
  },
);

export const sessionAffinityConfigSchema = named(
  `${CORE}.SessionAffinityConfig`,
  'Settings of session affinity.',
  { clientIP: field(clientIPConfigSchema, 'Settings used when sessionAffinity is `ClientIP`.') },
);

export const serviceSpecSchema = named(
  `${CORE}.ServiceSpec`,
  'The desired behaviour of a Service: how it is reached and which pods serve it.',
  {
    ports: keyedList(
      servicePortSchema,
      'The ports the Service exposes. Each item is identified by its port and protocol; strategic merge patches merge items by `port`.',
      ['port', 'protocol'],
    ),
    selector: stringMap(
      'Labels a pod must carry to receive this Service’s traffic. Without a selector the Service has no managed endpoints: something else must maintain them. Applies to ClusterIP, NodePort and LoadBalancer; ignored for ExternalName.',
      true,
    ),
    clusterIP: str(
      'The virtual IP of the Service inside the cluster. Allocated from the service range when empty; a given address must be inside the range and free; `None` makes the Service headless (DNS answers with pod addresses). It cannot change once set, except by switching to ExternalName. Must equal clusterIPs[0].',
    ),
    clusterIPs: strings(
      'The virtual IPs of the Service, at most one per IP family (two for dual-stack). The first entry is always clusterIP. Allocated when empty; `None` (alone) makes the Service headless. Cannot change once set, except that a second family may be added or removed following ipFamilyPolicy.',
    ),
    type: str(
      'How the Service is exposed. `ClusterIP` (default): a virtual IP reachable inside the cluster. `NodePort`: additionally a port on every node. `LoadBalancer`: additionally an external load balancer, when the cluster has one. `ExternalName`: a DNS CNAME to externalName, with no proxying.',
      ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'],
    ),
    externalIPs: strings(
      'Extra addresses, not managed by Kubernetes, on which nodes also accept traffic for this Service. Their routing to the nodes is up to the cluster administrator.',
    ),
    sessionAffinity: str(
      'Whether repeated connections from one client go to the same backend: `ClientIP` keeps them on one pod, `None` (default) spreads them.',
      ['ClientIP', 'None'],
    ),
    loadBalancerIP: str(
      'Deprecated: a specific address to request from the load balancer implementation, ignored when it does not support choosing. Use implementation-specific annotations instead.',
    ),
    loadBalancerSourceRanges: strings(
      'Client address ranges (CIDRs) allowed through the cloud load balancer, where the implementation supports filtering. Ignored for other types.',
    ),
    externalName: str(
      'The DNS name the cluster DNS returns as a CNAME for an ExternalName Service, e.g. `db.example.com`. Required for type ExternalName, where it must be a lowercase RFC 1123 DNS name (a trailing dot is allowed); other types ignore it.',
    ),
    externalTrafficPolicy: str(
      'How traffic arriving from outside (node ports, load balancer, external IPs) picks endpoints. `Cluster` (default) spreads it over all ready endpoints and hides the client address; `Local` only uses endpoints on the receiving node and keeps the client address, dropping traffic on nodes without one.',
      ['Cluster', 'Local'],
    ),
    healthCheckNodePort: int32(
      'The node port that answers health checks for a LoadBalancer Service with externalTrafficPolicy Local, so the load balancer avoids nodes without local endpoints. Allocated when empty; only allowed in that case.',
    ),
    publishNotReadyAddresses: bool(
      'When true, pods are published as endpoints (and in DNS) even while they are not ready. Useful for peers that must find each other before they become ready, such as StatefulSet members.',
    ),
    sessionAffinityConfig: field(sessionAffinityConfigSchema, 'Settings of session affinity.'),
    ipFamilies: strings(
      'The IP families (`IPv4`, `IPv6`) of the Service, in the order of clusterIPs. Filled from the cluster configuration and ipFamilyPolicy when empty. The first entry cannot change; a second may be added or removed.',
    ),
    ipFamilyPolicy: str(
      'How many IP families the Service gets: `SingleStack` (one), `PreferDualStack` (two where the cluster supports it, otherwise one) or `RequireDualStack` (two, or the request fails). Defaults to SingleStack; empty for ExternalName.',
      ['PreferDualStack', 'RequireDualStack', 'SingleStack'],
    ),
    allocateLoadBalancerNodePorts: bool(
      'Whether a LoadBalancer Service gets node ports. Defaults to true; set false when the load balancer sends traffic to pods directly. Only allowed for type LoadBalancer. Node ports given explicitly are kept either way.',
    ),
    loadBalancerClass: str(
      'The load-balancer implementation that should serve this LoadBalancer Service, as a domain-prefixed name (`example.com/internal-vip`). Unset means the default implementation. Only allowed for type LoadBalancer, and it cannot change once set.',
    ),
    internalTrafficPolicy: str(
      'How traffic from inside the cluster to the cluster IP picks endpoints: `Cluster` (default) uses all ready endpoints, `Local` only those on the sending node and drops the traffic when there is none.',
      ['Cluster', 'Local'],
    ),
    trafficDistribution: str(
      'A preference for how traffic is spread over endpoints, honoured on a best-effort basis by implementations that support it. `PreferClose` favours endpoints topologically near the client (the same zone). Unset means no preference.',
    ),
  },
);

export const portStatusSchema = named(
  `${CORE}.PortStatus`,
  'The state of one load balancer port.',
  {
    port: int32('The port number the status is about.'),
    protocol: str('The protocol of that port: `TCP`, `UDP` or `SCTP`.', PROTOCOLS),
    error: str(
      'Why the port is not working, as a CamelCase reason (a standard one, or domain-prefixed); empty when it works.',
    ),
  },
  { required: ['port', 'protocol'] },
);

export const loadBalancerIngressSchema = named(
  `${CORE}.LoadBalancerIngress`,
  'One address at which the load balancer receives traffic for the Service.',
  {
    ip: str('An IP address of the load balancer (typical of cloud providers that hand out addresses).'),
    hostname: str('A DNS name of the load balancer (typical of providers that hand out names).'),
    ipMode: str(
      'How the ip reaches the nodes: `VIP` means traffic arrives addressed to the ip itself; `Proxy` means it arrives from the load balancer addressed to the node. Defaults to VIP when ip is set.',
    ),
    ports: atomicList(portStatusSchema, 'The state of each port of the Service on this address, when the implementation reports it.'),
  },
);

export const loadBalancerStatusSchema = named(
  `${CORE}.LoadBalancerStatus`,
  'The state of the load balancer of a Service.',
  {
    ingress: atomicList(loadBalancerIngressSchema, 'The addresses at which the load balancer is reachable.'),
  },
);

export const serviceStatusSchema = named(
  `${CORE}.ServiceStatus`,
  'The observed state of a Service, written by the system.',
  {
    loadBalancer: field(loadBalancerStatusSchema, 'The load balancer’s state, when there is one.'),
    conditions: keyedList(conditionSchema, 'The current conditions of the Service, keyed by type.', ['type']),
  },
);

export const serviceSchema = kindSchema(
  `${CORE}.Service`,
  'A stable name and virtual address in front of a changing set of pods chosen by a label selector (or of an external name), with the ports clients use and how traffic reaches the pods.',
  { group: '', version: 'v1', kind: 'Service' },
  {
    spec: field(serviceSpecSchema, 'The desired behaviour of the Service.'),
    status: field(serviceStatusSchema, 'The most recently observed state of the Service. Written by the system; read-only.'),
  },
);
