/** core/v1 Pod: the fields the embedded cluster keeps (see lib/k8s/types/pod.ts). */
import {
  atomicList,
  bool,
  field,
  int32,
  int64,
  intOrString,
  keyedList,
  list,
  mapOf,
  named,
  quantity,
  str,
  stringMap,
  strings,
  time,
} from './builders';
import { kindSchema } from './meta';

const CORE = 'io.k8s.api.core.v1';

export const containerPortSchema = named(
  `${CORE}.ContainerPort`,
  'A network port a container listens on.',
  {
    name: str(
      'A name for the port (an IANA service name: at most 15 characters, lowercase letters, digits and "-"), unique in the pod. Services refer to it from a named targetPort.',
    ),
    containerPort: int32('The port number the container listens on, on the pod IP (1-65535).'),
    hostPort: int32('A port on the node forwarded to this container port. Rarely needed.'),
    protocol: str('The protocol of the port: `TCP` (the default), `UDP` or `SCTP`.', ['SCTP', 'TCP', 'UDP']),
    hostIP: str('The node address the host port binds to.'),
  },
  { required: ['containerPort'] },
);

export const httpGetActionSchema = named(
  `${CORE}.HTTPGetAction`,
  'A probe made by sending an HTTP GET request.',
  {
    path: str('The path requested.'),
    port: intOrString('The container port, by number or by name.'),
    host: str('The host name to connect to; the pod IP by default.'),
    scheme: str('`HTTP` (default) or `HTTPS`.', ['HTTP', 'HTTPS']),
  },
  { required: ['port'] },
);

export const tcpSocketActionSchema = named(
  `${CORE}.TCPSocketAction`,
  'A probe made by opening a TCP connection.',
  {
    port: intOrString('The container port, by number or by name.'),
    host: str('The host name to connect to; the pod IP by default.'),
  },
  { required: ['port'] },
);

export const execActionSchema = named(`${CORE}.ExecAction`, 'A probe made by running a command in the container.', {
  command: strings('The command and its arguments; exit status 0 means healthy. Not run through a shell.'),
});

export const probeSchema = named(
  `${CORE}.Probe`,
  'A periodic check of a container: one of httpGet, tcpSocket or exec, with its timing.',
  {
    httpGet: field(httpGetActionSchema, 'Check with an HTTP GET request.'),
    tcpSocket: field(tcpSocketActionSchema, 'Check by opening a TCP connection.'),
    exec: field(execActionSchema, 'Check by running a command.'),
    initialDelaySeconds: int32('Seconds to wait after the container started before the first check.'),
    periodSeconds: int32('Seconds between checks. Defaults to 10.'),
    timeoutSeconds: int32('Seconds after which a check counts as failed. Defaults to 1.'),
    successThreshold: int32('Consecutive successes needed after a failure. Defaults to 1.'),
    failureThreshold: int32('Consecutive failures needed to give up. Defaults to 3.'),
  },
);

export const envVarSchema = named(`${CORE}.EnvVar`, 'An environment variable set in a container.', {
  name: str('The variable name.'),
  value: str('The value; `$(OTHER)` references to earlier variables are expanded.'),
});

export const resourceRequirementsSchema = named(
  `${CORE}.ResourceRequirements`,
  'The compute resources (cpu, memory, ...) a container asks for and may use at most.',
  {
    limits: mapOf(quantity(''), 'The most of each resource the container may use.'),
    requests: mapOf(quantity(''), 'The amount of each resource reserved for the container when it is scheduled.'),
  },
);

export const containerSchema = named(
  `${CORE}.Container`,
  'One container of a pod. (The embedded cluster never runs it; simulated nodes only report it as running.)',
  {
    name: str('The name of the container, a DNS label unique in the pod.'),
    image: str('The container image reference.'),
    command: strings('The entrypoint, replacing the image’s ENTRYPOINT. Not run through a shell.'),
    args: strings('Arguments to the entrypoint, replacing the image’s CMD.'),
    ports: list(
      containerPortSchema,
      'The ports the container exposes. Informational, but Services resolve named targetPorts through them. Keyed by containerPort and protocol.',
      { listType: 'map', listMapKeys: ['containerPort', 'protocol'], patchMergeKey: 'containerPort', patchStrategy: 'merge' },
    ),
    env: keyedList(envVarSchema, 'Environment variables of the container, keyed by name.', ['name']),
    resources: field(resourceRequirementsSchema, 'The compute resources of the container.'),
    livenessProbe: field(probeSchema, 'A check that restarts the container when it keeps failing.'),
    readinessProbe: field(
      probeSchema,
      'A check that decides whether the container is ready; a pod that is not ready is taken out of Service endpoints.',
    ),
  },
  { required: ['name'] },
);

export const podReadinessGateSchema = named(`${CORE}.PodReadinessGate`, 'An extra condition a pod needs to count as ready.', {
  conditionType: str('The type of a pod condition that must be True.'),
});

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
    nodeName: str('The node the pod is bound to. Set by the scheduler (here: the simulated nodes) unless given.'),
    nodeSelector: stringMap('Node labels a node must carry for the pod to be placed on it.', true),
    hostname: str('The host name of the pod; defaults to the pod name.'),
    subdomain: str(
      'With a headless Service of this name in the namespace, the pod gets the DNS name `<hostname>.<subdomain>.<namespace>.svc.<cluster-domain>`.',
    ),
    restartPolicy: str('When containers are restarted: `Always` (default), `OnFailure` or `Never`.', [
      'Always',
      'Never',
      'OnFailure',
    ]),
    terminationGracePeriodSeconds: int64('Seconds the pod gets to shut down after deletion is requested. Defaults to 30.'),
    dnsPolicy: str('How DNS is configured for the pod: `ClusterFirst` (default), `ClusterFirstWithHostNet`, `Default` or `None`.', [
      'ClusterFirst',
      'ClusterFirstWithHostNet',
      'Default',
      'None',
    ]),
    serviceAccountName: str('The ServiceAccount the pod runs as.'),
    schedulerName: str('The scheduler that places the pod; `default-scheduler` by default.'),
    hostNetwork: bool('When true the pod uses the node’s network namespace, and its IP is the node IP.'),
    readinessGates: atomicList(podReadinessGateSchema, 'Extra conditions that must be True for the pod to be ready.'),
  },
  { required: ['containers'] },
);

export const podConditionSchema = named(
  `${CORE}.PodCondition`,
  'One aspect of the state of a pod.',
  {
    type: str('What the condition is about: `PodScheduled`, `Initialized`, `ContainersReady`, `Ready`, ...'),
    status: str('`True`, `False` or `Unknown`.'),
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

export const containerStateSchema = named(
  `${CORE}.ContainerState`,
  'The state of a container: exactly one of waiting, running or terminated.',
  {
    waiting: field(
      named(`${CORE}.ContainerStateWaiting`, 'A container that has not started yet.', {
        reason: str('Why the container is waiting.'),
        message: str('Details about the wait.'),
      }),
      'Set while the container waits to start.',
    ),
    running: field(
      named(`${CORE}.ContainerStateRunning`, 'A running container.', { startedAt: time('When the container started.') }),
      'Set while the container runs.',
    ),
    terminated: field(
      named(
        `${CORE}.ContainerStateTerminated`,
        'A container that has exited.',
        {
          exitCode: int32('The exit status of the last run.'),
          reason: str('Why the container exited.'),
          startedAt: time('When the last run started.'),
          finishedAt: time('When the last run ended.'),
        },
        { required: ['exitCode'] },
      ),
      'Set once the container has exited.',
    ),
  },
);

export const containerStatusSchema = named(
  `${CORE}.ContainerStatus`,
  'The reported state of one container.',
  {
    name: str('The container name, as in the spec.'),
    ready: bool('Whether the container passes its readiness probe.'),
    started: bool('Whether the container has started and passed its startup probe.'),
    restartCount: int32('How many times the container was restarted.'),
    image: str('The image the container runs.'),
    imageID: str('The resolved image identifier.'),
    containerID: str('The runtime identifier of the container, `<type>://<id>`.'),
    state: field(containerStateSchema, 'The current state.'),
    lastState: field(containerStateSchema, 'The state of the previous run, if any.'),
  },
  { required: ['name', 'ready', 'restartCount', 'image', 'imageID'] },
);

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
    conditions: keyedList(podConditionSchema, 'The current conditions of the pod, keyed by type.', ['type']),
    message: str('A human-readable note on why the pod is in its state.'),
    reason: str('A CamelCase word on why the pod is in its state, e.g. `Evicted`.'),
    hostIP: str('The primary IP of the node the pod runs on.'),
    hostIPs: list(hostIPSchema, 'The IPs of the node the pod runs on, primary first.', {
      listType: 'atomic',
      patchMergeKey: 'ip',
      patchStrategy: 'merge',
    }),
    podIP: str('The primary IP of the pod; the address Services send traffic to.'),
    podIPs: keyedList(podIPSchema, 'The IPs of the pod, at most one per family, primary first.', ['ip']),
    startTime: time('When the node accepted the pod, before its images were pulled.'),
    containerStatuses: atomicList(containerStatusSchema, 'The state of each container of the spec.'),
    qosClass: str('The quality-of-service class derived from the resource requests and limits.', [
      'BestEffort',
      'Burstable',
      'Guaranteed',
    ]),
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
