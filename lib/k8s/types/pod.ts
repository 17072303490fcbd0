/** core/v1 Pod: the fields a Services dashboard and the embedded cluster's simulated nodes use. */
import type { KubeObject } from './meta';
import type { Protocol } from './service';

export interface ContainerPort {
  name?: string;
  containerPort: number;
  hostPort?: number;
  protocol?: Protocol;
  hostIP?: string;
}

export interface Probe {
  httpGet?: { path?: string; port: number | string; scheme?: string };
  tcpSocket?: { port: number | string };
  exec?: { command?: string[] };
  initialDelaySeconds?: number;
  periodSeconds?: number;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: ContainerPort[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  env?: { name: string; value?: string }[];
  resources?: { limits?: Record<string, string>; requests?: Record<string, string> };
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  hostname?: string;
  subdomain?: string;
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  terminationGracePeriodSeconds?: number;
  dnsPolicy?: string;
  serviceAccountName?: string;
  schedulerName?: string;
  hostNetwork?: boolean;
  readinessGates?: { conditionType: string }[];
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export interface PodCondition {
  type: 'PodScheduled' | 'Initialized' | 'ContainersReady' | 'Ready' | 'PodReadyToStartContainers' | string;
  status: 'True' | 'False' | 'Unknown';
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode: number; reason?: string; startedAt?: string; finishedAt?: string };
}

export interface ContainerStatus {
  name: string;
  ready: boolean;
  started?: boolean;
  restartCount: number;
  image: string;
  imageID: string;
  containerID?: string;
  state?: ContainerState;
  lastState?: ContainerState;
}

export interface PodStatus {
  phase?: PodPhase;
  conditions?: PodCondition[];
  hostIP?: string;
  hostIPs?: { ip: string }[];
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime?: string;
  containerStatuses?: ContainerStatus[];
  qosClass?: string;
  message?: string;
  reason?: string;
}

export interface Pod extends KubeObject {
  spec?: PodSpec;
  status?: PodStatus;
}
