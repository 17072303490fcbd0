/**
 * The embedded cluster's serving limits and their flags: connection deadlines and cap
 * (`--headers-timeout 32s`, `--request-timeout 60s`, `--keep-alive-timeout 90s`, `--max-connections 1000`)
 * each watcher's send queue (`--watch-queue-bytes 10Mi`, `--watch-queue-events 1000`) and port-forwarded
 * connections to the simulated pods (`--pod-max-connections 64`, `--pod-connection-bytes 64Mi`, `--pod-idle-timeout 5m`).
 */
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/listener';
import { DEFAULT_WATCH_QUEUE_LIMITS, type WatchQueueLimits } from './http/watch-queue';
import { DEFAULT_WORKLOAD_LIMITS, type WorkloadLimits } from './workloads/limits';

export interface ServingOptions {
  connections?: Partial<ConnectionLimits>;
  watchQueue?: Partial<WatchQueueLimits>;
  workloads?: Partial<WorkloadLimits>;
}

export const SERVING_VALUE_FLAGS: readonly string[] = [
  'headers-timeout',
  'request-timeout',
  'keep-alive-timeout',
  'max-connections',
  'watch-queue-bytes',
  'watch-queue-events',
  'pod-max-connections',
  'pod-connection-bytes',
  'pod-idle-timeout',
];

const UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };
const UNITS_BYTES: Record<string, number> = { '': 1, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };

/** `500ms`, `30s`, `1.5m`, or a bare number of seconds; positive. */
export function parseDuration(name: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value);
  const ms = m ? Math.round(Number(m[1]) * UNITS_MS[m[2] ?? 's']) : Number.NaN;
  if (!(ms > 0)) throw new Error(`invalid --${name}: ${value} (want a duration like 500ms, 30s or 2m)`);
  return ms;
}

/** `1048576`, `512Ki`, `10Mi`, `1Gi`; positive. */
export function parseBytes(name: string, value: string): number {
  const m = /^(\d+)(Ki|Mi|Gi)?$/.exec(value);
  const n = m ? Number(m[1]) * UNITS_BYTES[m[2] ?? ''] : Number.NaN;
  if (!(n > 0)) throw new Error(`invalid --${name}: ${value} (want a size like 1048576, 512Ki or 10Mi)`);
  return n;
}

function parseCount(name: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !(n > 0)) throw new Error(`invalid --${name}: ${value} (want a positive integer)`);
  return n;
}

/** Applies one serving flag to `out`; false when `name` is not one. */
export function parseServingFlag(name: string, value: string, out: ServingOptions): boolean {
  const connections = (patch: Partial<ConnectionLimits>): void => {
    out.connections = { ...out.connections, ...patch };
  };
  const watchQueue = (patch: Partial<WatchQueueLimits>): void => {
    out.watchQueue = { ...out.watchQueue, ...patch };
  };
  const workloads = (patch: Partial<WorkloadLimits>): void => {
    out.workloads = { ...out.workloads, ...patch };
  };
  switch (name) {
    case 'pod-max-connections':
      workloads({ maxConnectionsPerPod: parseCount(name, value) });
      return true;
    case 'pod-connection-bytes':
      workloads({ maxBytesPerConnection: parseBytes(name, value) });
      return true;
    case 'pod-idle-timeout':
      workloads({ idleTimeoutMs: parseDuration(name, value) });
      return true;
    case 'headers-timeout':
      connections({ headersTimeoutMs: parseDuration(name, value) });
      return true;
    case 'request-timeout':
      connections({ requestTimeoutMs: parseDuration(name, value) });
      return true;
    case 'keep-alive-timeout':
      connections({ keepAliveTimeoutMs: parseDuration(name, value) });
      return true;
    case 'max-connections':
      connections({ maxConnections: parseCount(name, value) });
      return true;
    case 'watch-queue-bytes':
      watchQueue({ maxBytes: parseBytes(name, value) });
      return true;
    case 'watch-queue-events':
      watchQueue({ maxEvents: parseCount(name, value) });
      return true;
    default:
      return false;
  }
}

export function connectionLimitsOf(options: ServingOptions): ConnectionLimits {
  return { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
}

export function watchQueueLimitsOf(options: ServingOptions): WatchQueueLimits {
  return { ...DEFAULT_WATCH_QUEUE_LIMITS, ...options.watchQueue };
}

export function workloadLimitsOf(options: ServingOptions): WorkloadLimits {
  return { ...DEFAULT_WORKLOAD_LIMITS, ...options.workloads };
}
