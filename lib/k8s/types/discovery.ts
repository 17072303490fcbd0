/** discovery.k8s.io/v1 EndpointSlice and the legacy core/v1 Endpoints. */
import type { KubeObject, OwnerReference } from './meta';
import type { Protocol } from './service';

export type AddressType = 'IPv4' | 'IPv6' | 'FQDN';

export interface ObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface EndpointConditions {
  ready?: boolean;
  serving?: boolean;
  terminating?: boolean;
}

export interface EndpointHints {
  forZones?: { name: string }[];
  forNodes?: { name: string }[];
}

export interface Endpoint {
  addresses: string[];
  conditions?: EndpointConditions;
  hostname?: string;
  targetRef?: ObjectReference;
  nodeName?: string;
  zone?: string;
  hints?: EndpointHints;
}

export interface EndpointPort {
  name?: string;
  protocol?: Protocol;
  port?: number;
  appProtocol?: string;
}

export interface EndpointSlice extends KubeObject {
  addressType: AddressType;
  endpoints: Endpoint[] | null;
  ports?: EndpointPort[] | null;
}

export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: ObjectReference;
}

export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: { name?: string; port: number; protocol?: Protocol; appProtocol?: string }[];
}

export interface Endpoints extends KubeObject {
  subsets?: EndpointSubset[];
}

export type { OwnerReference };
