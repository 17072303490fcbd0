/** core/v1 Namespace, Node and Event. */
import type { KubeList, KubeObject } from './meta';
import type { ObjectReference } from './discovery';

export interface Namespace extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: {
    phase?: 'Active' | 'Terminating';
    conditions?: { type: string; status: string; lastTransitionTime?: string; reason?: string; message?: string }[];
  };
}

export interface NodeAddress {
  type: 'Hostname' | 'InternalIP' | 'ExternalIP' | 'InternalDNS' | 'ExternalDNS';
  address: string;
}

export interface NodeCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface Node extends KubeObject {
  spec?: {
    podCIDR?: string;
    podCIDRs?: string[];
    providerID?: string;
    unschedulable?: boolean;
    taints?: { key: string; value?: string; effect: string }[];
  };
  status?: {
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    conditions?: NodeCondition[];
    addresses?: NodeAddress[];
    nodeInfo?: {
      machineID: string;
      systemUUID: string;
      bootID: string;
      kernelVersion: string;
      osImage: string;
      containerRuntimeVersion: string;
      kubeletVersion: string;
      kubeProxyVersion: string;
      operatingSystem: string;
      architecture: string;
    };
  };
}

export interface EventSource {
  component?: string;
  host?: string;
}

/** core/v1 Event (what kubectl describe and dashboards read). */
export interface Event extends KubeObject {
  involvedObject: ObjectReference;
  reason?: string;
  message?: string;
  source?: EventSource;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  count?: number;
  type?: 'Normal' | 'Warning';
  action?: string;
  reportingComponent?: string;
  reportingInstance?: string;
}

export type NamespaceList = KubeList<Namespace>;

/** coordination.k8s.io/v1 Lease: what leader election holds (client-go's leaderelection, kube-controller-manager). */
export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  /** MicroTime: RFC 3339 with microseconds. */
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
  strategy?: string;
  preferredHolder?: string;
}

export interface Lease extends KubeObject {
  spec?: LeaseSpec;
}
