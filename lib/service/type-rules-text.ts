/**
 * Plain-language descriptions of Service types and spec fields for the guided forms.
 * Only words live here; whether a field is required, optional or forbidden for a type is
 * derived from the validation code itself (type-rules.ts).
 */

export type ServiceKind = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName' | 'headless';

export const SERVICE_KINDS: readonly ServiceKind[] = ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName', 'headless'];

export const SERVICE_KIND_DESCRIPTIONS: Record<ServiceKind, string> = {
  ClusterIP: 'A stable virtual IP inside the cluster that spreads traffic over the matching pods; reachable only from inside the cluster.',
  NodePort: 'A ClusterIP Service that is also reachable on a fixed port of every node, so clients outside the cluster can connect.',
  LoadBalancer: 'A NodePort Service that also asks the cloud (here: the embedded load-balancer controller) for an external address.',
  ExternalName: 'A DNS alias: the cluster DNS answers with a CNAME to another host name, with no proxying and no pods.',
  headless: 'A ClusterIP Service with clusterIP "None": no virtual IP, the cluster DNS returns the pod IPs directly.',
};

export type ServiceFieldName =
  | 'ports'
  | 'ports.nodePort'
  | 'selector'
  | 'clusterIP'
  | 'ipFamilies'
  | 'ipFamilyPolicy'
  | 'externalIPs'
  | 'sessionAffinity'
  | 'sessionAffinityConfig'
  | 'externalName'
  | 'externalTrafficPolicy'
  | 'healthCheckNodePort'
  | 'internalTrafficPolicy'
  | 'loadBalancerSourceRanges'
  | 'loadBalancerClass'
  | 'allocateLoadBalancerNodePorts'
  | 'publishNotReadyAddresses'
  | 'trafficDistribution';

export interface FieldText {
  label: string;
  /** What the field does, one sentence. */
  summary: string;
  /** When the field means something, one sentence (shown when it is forbidden or ignored). */
  appliesWhen: string;
}

export const FIELD_TEXT: Record<ServiceFieldName, FieldText> = {
  ports: {
    label: 'Ports',
    summary: 'The ports the Service listens on and the pod port (targetPort) each one forwards to.',
    appliesWhen: 'Ports are needed whenever the Service proxies traffic to pods.',
  },
  'ports.nodePort': {
    label: 'Node port',
    summary: 'The port opened on every node for this Service port (30000-32767 by default).',
    appliesWhen: 'Only NodePort and LoadBalancer Services open ports on the nodes.',
  },
  selector: {
    label: 'Pod selector',
    summary: 'Labels that pick the pods receiving the traffic; without a selector you manage the endpoints yourself.',
    appliesWhen: 'A selector is only used by Services that send traffic to pods.',
  },
  clusterIP: {
    label: 'Cluster IP',
    summary: 'The virtual IP of the Service inside the cluster; "None" makes the Service headless.',
    appliesWhen: 'ExternalName Services are only a DNS alias and have no cluster IP.',
  },
  ipFamilies: {
    label: 'IP families',
    summary: 'Which IP versions (IPv4, IPv6) the cluster IPs come from, primary first.',
    appliesWhen: 'ExternalName Services have no cluster IP, so they have no IP family.',
  },
  ipFamilyPolicy: {
    label: 'IP family policy',
    summary: 'Whether the Service gets one IP family (SingleStack) or one of each (PreferDualStack, RequireDualStack).',
    appliesWhen: 'ExternalName Services have no cluster IP, so they have no IP family policy.',
  },
  externalIPs: {
    label: 'External IPs',
    summary: 'Extra addresses, routed to the nodes by you, on which the nodes also accept traffic for this Service.',
    appliesWhen: 'External IPs only make sense for Services that proxy traffic.',
  },
  sessionAffinity: {
    label: 'Session affinity',
    summary: 'ClientIP sends every connection from one client IP to the same pod; None spreads them.',
    appliesWhen: 'Session affinity is used by Services that proxy traffic to pods.',
  },
  sessionAffinityConfig: {
    label: 'Affinity timeout',
    summary: 'How long (1 to 86400 seconds) a client stays pinned to its pod under ClientIP affinity.',
    appliesWhen: 'The timeout is only used when session affinity is ClientIP.',
  },
  externalName: {
    label: 'External name',
    summary: 'The DNS name that the Service name resolves to (a CNAME), e.g. db.example.com.',
    appliesWhen: 'Only ExternalName Services are DNS aliases.',
  },
  externalTrafficPolicy: {
    label: 'External traffic policy',
    summary: 'Local keeps outside traffic on the node it arrived at (and keeps the client IP); Cluster may forward it to any node.',
    appliesWhen: 'Only Services reachable from outside (NodePort, LoadBalancer, or external IPs) have outside traffic.',
  },
  healthCheckNodePort: {
    label: 'Health-check node port',
    summary: 'The node port the load balancer probes to learn which nodes have ready pods (with externalTrafficPolicy Local).',
    appliesWhen: 'Only LoadBalancer Services with externalTrafficPolicy Local get a health-check port.',
  },
  internalTrafficPolicy: {
    label: 'Internal traffic policy',
    summary: 'Local sends in-cluster traffic only to pods on the same node; Cluster uses all pods.',
    appliesWhen: 'Internal traffic policy only matters for Services that proxy traffic.',
  },
  loadBalancerSourceRanges: {
    label: 'Allowed source ranges',
    summary: 'CIDRs (such as 203.0.113.0/24) allowed to reach the load balancer; empty allows everyone.',
    appliesWhen: 'Only LoadBalancer Services have a load balancer to restrict.',
  },
  loadBalancerClass: {
    label: 'Load balancer class',
    summary: 'Picks which load-balancer implementation handles the Service; it cannot be changed afterwards.',
    appliesWhen: 'Only LoadBalancer Services are handled by a load-balancer implementation.',
  },
  allocateLoadBalancerNodePorts: {
    label: 'Allocate node ports',
    summary: 'Whether the LoadBalancer also gets node ports; turn off for load balancers that reach pods directly.',
    appliesWhen: 'Only LoadBalancer Services can choose to skip node ports.',
  },
  publishNotReadyAddresses: {
    label: 'Publish not-ready pods',
    summary: 'Also lists pods that are not ready yet in DNS and endpoints (useful for peer discovery).',
    appliesWhen: 'It only matters for Services with pods behind them.',
  },
  trafficDistribution: {
    label: 'Traffic distribution',
    summary: 'PreferClose asks the proxies to prefer pods in the same zone as the client.',
    appliesWhen: 'It only matters for Services that proxy traffic to pods.',
  },
};
