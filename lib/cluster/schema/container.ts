/**
 * core/v1 Container and its parts. The fields a Services dashboard reads are described in detail;
 * the rest of the real Container fields are present (complex ones as free-form objects) so that
 * ordinary manifests pass strict field validation.
 */
import {
  anyValue,
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
  strings,
  time,
} from './builders';

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
    httpHeaders: atomicList(anyValue(''), 'Extra request headers, each with a name and a value.'),
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
  'A periodic check of a container: one of httpGet, tcpSocket, grpc or exec, with its timing.',
  {
    httpGet: field(httpGetActionSchema, 'Check with an HTTP GET request.'),
    tcpSocket: field(tcpSocketActionSchema, 'Check by opening a TCP connection.'),
    exec: field(execActionSchema, 'Check by running a command.'),
    grpc: anyValue('Check with the gRPC health checking protocol: `port` and optional `service`.'),
    initialDelaySeconds: int32('Seconds to wait after the container started before the first check.'),
    periodSeconds: int32('Seconds between checks. Defaults to 10.'),
    timeoutSeconds: int32('Seconds after which a check counts as failed. Defaults to 1.'),
    successThreshold: int32('Consecutive successes needed after a failure. Defaults to 1.'),
    failureThreshold: int32('Consecutive failures needed to give up. Defaults to 3.'),
    terminationGracePeriodSeconds: int64('Grace period used when a failing probe kills the container.'),
  },
);

export const envVarSchema = named(
  `${CORE}.EnvVar`,
  'An environment variable set in a container.',
  {
    name: str('The variable name.'),
    value: str('The value; `$(OTHER)` references to earlier variables are expanded.'),
    valueFrom: anyValue('Where the value comes from instead: a field of the pod, a resource, a ConfigMap key or a Secret key.'),
  },
  { required: ['name'] },
);

export const resourceRequirementsSchema = named(
  `${CORE}.ResourceRequirements`,
  'The compute resources (cpu, memory, ...) a container asks for and may use at most.',
  {
    limits: mapOf(quantity(''), 'The most of each resource the container may use.'),
    requests: mapOf(quantity(''), 'The amount of each resource reserved for the container when it is scheduled.'),
    claims: list(anyValue(''), 'Dynamically allocated resources (resource claims) the container uses, keyed by name.', {
      listType: 'map',
      listMapKeys: ['name'],
    }),
  },
);

const volumeMounts = keyedList(anyValue(''), 'Pod volumes mounted into the container, keyed by mountPath.', ['mountPath']);

export const containerSchema = named(
  `${CORE}.Container`,
  'One container of a pod. (The embedded cluster never runs it; simulated nodes only report it as running.)',
  {
    name: str('The name of the container, a DNS label unique in the pod.'),
    image: str('The container image reference.'),
    imagePullPolicy: str('When the image is pulled: `Always`, `IfNotPresent` or `Never`.', ['Always', 'IfNotPresent', 'Never']),
    command: strings('The entrypoint, replacing the image’s ENTRYPOINT. Not run through a shell.'),
    args: strings('Arguments to the entrypoint, replacing the image’s CMD.'),
    workingDir: str('The working directory of the entrypoint.'),
    ports: list(
      containerPortSchema,
      'The ports the container exposes. Informational, but Services resolve named targetPorts through them. Keyed by containerPort and protocol.',
      { listType: 'map', listMapKeys: ['containerPort', 'protocol'], patchMergeKey: 'containerPort', patchStrategy: 'merge' },
    ),
    env: keyedList(envVarSchema, 'Environment variables of the container, keyed by name.', ['name']),
    envFrom: atomicList(anyValue(''), 'ConfigMaps and Secrets whose keys all become environment variables.'),
    resources: field(resourceRequirementsSchema, 'The compute resources of the container.'),
    resizePolicy: atomicList(anyValue(''), 'Whether resizing each resource needs a restart.'),
    restartPolicy: str('For init containers only: `Always` makes it a sidecar that keeps running.'),
    volumeMounts,
    volumeDevices: keyedList(anyValue(''), 'Block devices of the pod used by the container, keyed by devicePath.', ['devicePath']),
    livenessProbe: field(probeSchema, 'A check that restarts the container when it keeps failing.'),
    readinessProbe: field(
      probeSchema,
      'A check that decides whether the container is ready; a pod that is not ready is taken out of Service endpoints.',
    ),
    startupProbe: field(probeSchema, 'A check that must pass once before the other probes start.'),
    lifecycle: anyValue('Actions run right after the container starts (postStart) and before it stops (preStop).'),
    terminationMessagePath: str('Where the container may write a final message; `/dev/termination-log` by default.'),
    terminationMessagePolicy: str('Where the final message comes from: `File` (default) or `FallbackToLogsOnError`.', [
      'FallbackToLogsOnError',
      'File',
    ]),
    securityContext: anyValue('Security settings of the container (user, capabilities, privilege, read-only root, ...).'),
    stdin: bool('Whether the container has an open stdin.'),
    stdinOnce: bool('Whether stdin closes after the first attach ends.'),
    tty: bool('Whether the container gets a TTY.'),
  },
  { required: ['name'] },
);

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
          signal: int32('The signal that ended the last run, if any.'),
          reason: str('Why the container exited.'),
          message: str('Details about the exit.'),
          startedAt: time('When the last run started.'),
          finishedAt: time('When the last run ended.'),
          containerID: str('The runtime identifier of the exited container.'),
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
    allocatedResources: mapOf(quantity(''), 'The resources the node allocated to the container.'),
    resources: field(resourceRequirementsSchema, 'The resources the runtime applied to the container.'),
    volumeMounts: atomicList(anyValue(''), 'The mounts the runtime reports for the container.'),
    user: anyValue('The user identity the container runs as.'),
    allocatedResourcesStatus: atomicList(anyValue(''), 'Health of the allocated resources.'),
    stopSignal: str('The signal the runtime uses to stop the container.'),
  },
  { required: ['name', 'ready', 'restartCount', 'image', 'imageID'] },
);
