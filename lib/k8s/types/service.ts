/** core/v1 Service, in its JSON wire form. */
import type { Condition, KubeList, KubeObject } from './meta';

export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';
export type Protocol = 'TCP' | 'UDP' | 'SCTP';
export type IPFamily = 'IPv4' | 'IPv6';
export type IPFamilyPolicy = 'SingleStack' | 'PreferDualStack' | 'RequireDualStack';
export type SessionAffinity = 'None' | 'ClientIP';
/** Cluster and Local; the API server also accepts the deprecated spellings on read. */
export type TrafficPolicy = 'Cluster' | 'Local';
export type LoadBalancerIPMode = 'VIP' | 'Proxy';

/** A port is an int or an IANA service name (targetPort). */
export type IntOrString = number | string;

export interface ServicePort {
  name?: string;
  protocol?: Protocol;
  appProtocol?: string;
  port: number;
  targetPort?: IntOrString;
  nodePort?: number;
}

export interface SessionAffinityConfig {
  clientIP?: { timeoutSeconds?: number };
}

export interface ServiceSpec {
  ports?: ServicePort[];
  selector?: Record<string, string>;
  clusterIP?: string;
  clusterIPs?: string[];
  type?: ServiceType;
  externalIPs?: string[];
  sessionAffinity?: SessionAffinity;
  loadBalancerIP?: string;
  loadBalancerSourceRanges?: string[];
  externalName?: string;
  externalTrafficPolicy?: TrafficPolicy;
  healthCheckNodePort?: number;
  publishNotReadyAddresses?: boolean;
  sessionAffinityConfig?: SessionAffinityConfig;
  ipFamilies?: IPFamily[];
  ipFamilyPolicy?: IPFamilyPolicy;
  allocateLoadBalancerNodePorts?: boolean;
  loadBalancerClass?: string;
  internalTrafficPolicy?: TrafficPolicy;
  trafficDistribution?: string;
}

export interface PortStatus {
  port: number;
  protocol: Protocol;
  error?: string;
}

export interface LoadBalancerIngress {
  ip?: string;
  hostname?: string;
  ipMode?: LoadBalancerIPMode;
  ports?: PortStatus[];
}

export interface ServiceStatus {
  loadBalancer?: { ingress?: LoadBalancerIngress[] };
  conditions?: Condition[];
}

export interface Service extends KubeObject {
  spec?: ServiceSpec;
  status?: ServiceStatus;
}

export type ServiceList = KubeList<Service>;
