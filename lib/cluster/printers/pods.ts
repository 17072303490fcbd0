/**
 * `kubectl get pods`: NAME READY STATUS RESTARTS AGE [IP NODE NOMINATED-NODE READINESS-GATES],
 * with printPod's status logic (init containers, sidecars, Completed/NotReady, Terminating,
 * `3 (5m ago)` restarts) and the Completed row condition for Succeeded/Failed pods.
 */
import type { TableRow } from '../../k8s/types/table';
import { ageColumn, arr, column, get, nameColumn, parseTime, str, translateTimestampSince, type ResourcePrinter } from './common';

const NODE_UNREACHABLE_POD_REASON = 'NodeLost';

interface ContainerStatusJson {
  name?: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  state?: StateJson;
  lastState?: StateJson;
}
interface StateJson {
  waiting?: { reason?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode?: number; signal?: number; reason?: string; finishedAt?: string };
}

function statuses(pod: unknown, field: string): ContainerStatusJson[] {
  return arr(pod, 'status', field)
    .filter((s) => typeof s === 'object' && s !== null && !Array.isArray(s))
    .map((s) => s as unknown as ContainerStatusJson);
}

function lastTerminated(c: ContainerStatusJson): number | undefined {
  return c.lastState?.terminated ? (parseTime(c.lastState.terminated.finishedAt) ?? 0) : undefined;
}

function conditionTrue(pod: unknown, type: string): boolean {
  return arr(pod, 'status', 'conditions').some((c) => str(c, 'type') === type && str(c, 'status') === 'True');
}

export function podRow(pod: unknown, now: Date): Pick<TableRow, 'cells' | 'conditions'> {
  const initSpecs = arr(pod, 'spec', 'initContainers');
  const restartable = new Set(initSpecs.filter((c) => str(c, 'restartPolicy') === 'Always').map((c) => str(c, 'name')));
  let restarts = 0;
  let restartableRestarts = 0;
  const totalContainers = arr(pod, 'spec', 'containers').length + restartable.size;
  let readyContainers = 0;
  let lastRestartDate = 0;
  let lastRestartableRestartDate = 0;

  const phase = str(pod, 'status', 'phase');
  let reason = str(pod, 'status', 'reason') || phase;
  for (const c of arr(pod, 'status', 'conditions')) {
    if (str(c, 'type') === 'PodScheduled' && str(c, 'reason') === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const row: Pick<TableRow, 'cells' | 'conditions'> = { cells: [] };
  if (phase === 'Succeeded') row.conditions = [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
  else if (phase === 'Failed') row.conditions = [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];

  let initializing = false;
  const initStatuses = statuses(pod, 'initContainerStatuses');
  for (let i = 0; i < initStatuses.length; i++) {
    const c = initStatuses[i];
    restarts += c.restartCount ?? 0;
    const term = lastTerminated(c);
    if (term !== undefined && lastRestartDate < term) lastRestartDate = term;
    const isRestartable = restartable.has(c.name ?? '');
    if (isRestartable) {
      restartableRestarts += c.restartCount ?? 0;
      if (term !== undefined && lastRestartableRestartDate < term) lastRestartableRestartDate = term;
    }
    const t = c.state?.terminated;
    const w = c.state?.waiting;
    if (t && (t.exitCode ?? 0) === 0) continue;
    if (isRestartable && c.started === true) {
      if (c.ready) readyContainers++;
      continue;
    }
    if (t) {
      if (!t.reason) reason = t.signal ? `Init:Signal:${t.signal}` : `Init:ExitCode:${t.exitCode ?? 0}`;
      else reason = `Init:${t.reason}`;
    } else if (w && w.reason && w.reason !== 'PodInitializing') {
      reason = `Init:${w.reason}`;
    } else {
      reason = `Init:${i}/${initSpecs.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || conditionTrue(pod, 'Initialized')) {
    restarts = restartableRestarts;
    lastRestartDate = lastRestartableRestartDate;
    let hasRunning = false;
    const cs = statuses(pod, 'containerStatuses');
    for (let i = cs.length - 1; i >= 0; i--) {
      const c = cs[i];
      restarts += c.restartCount ?? 0;
      const term = lastTerminated(c);
      if (term !== undefined && lastRestartDate < term) lastRestartDate = term;
      const t = c.state?.terminated;
      const w = c.state?.waiting;
      if (w && w.reason) reason = w.reason;
      else if (t && t.reason) reason = t.reason;
      else if (t && !t.reason) reason = t.signal ? `Signal:${t.signal}` : `ExitCode:${t.exitCode ?? 0}`;
      else if (c.ready && c.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = conditionTrue(pod, 'Ready') ? 'Running' : 'NotReady';
  }

  const deleting = parseTime(get(pod, 'metadata', 'deletionTimestamp')) !== undefined;
  if (deleting && str(pod, 'status', 'reason') === NODE_UNREACHABLE_POD_REASON) reason = 'Unknown';
  else if (deleting && phase !== 'Failed' && phase !== 'Succeeded') reason = 'Terminating';

  let restartsStr = String(restarts);
  if (restarts !== 0 && lastRestartDate !== 0) restartsStr = `${restarts} (${translateTimestampSince(new Date(lastRestartDate).toISOString(), now)} ago)`;

  const podIPs = arr(pod, 'status', 'podIPs');
  const podIP = (podIPs.length > 0 ? str(podIPs[0], 'ip') : str(pod, 'status', 'podIP')) || '<none>';
  const gates = arr(pod, 'spec', 'readinessGates');
  let readinessGates = '<none>';
  if (gates.length > 0) {
    let trueConditions = 0;
    for (const g of gates) {
      const cond = arr(pod, 'status', 'conditions').find((c) => str(c, 'type') === str(g, 'conditionType'));
      if (cond && str(cond, 'status') === 'True') trueConditions++;
    }
    readinessGates = `${trueConditions}/${gates.length}`;
  }
  row.cells = [
    str(pod, 'metadata', 'name'),
    `${readyContainers}/${totalContainers}`,
    reason,
    restartsStr,
    translateTimestampSince(get(pod, 'metadata', 'creationTimestamp'), now),
    podIP,
    str(pod, 'spec', 'nodeName') || '<none>',
    str(pod, 'status', 'nominatedNodeName') || '<none>',
    readinessGates,
  ];
  return row;
}

export const podPrinter: ResourcePrinter = {
  columns: [
    nameColumn(),
    column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
    column('Status', 'string', 'The aggregate status of the containers in this pod.'),
    column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    ageColumn(),
    column('IP', 'string', 'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', 1),
    column(
      'Node',
      'string',
      'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename',
      1,
    ),
    column(
      'Nominated Node',
      'string',
      'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.',
      1,
    ),
    column(
      'Readiness Gates',
      'string',
      'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
      1,
    ),
  ],
  row: (obj, now) => podRow(obj, now),
};
