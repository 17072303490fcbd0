/** Bounds of port-forwarded connections to the simulated pods (flags `--pod-max-connections`, `--pod-connection-bytes`, `--pod-idle-timeout`). */
export interface WorkloadLimits {
  /** Port-forwarded connections open to one pod at once; more are refused (on the port's error channel). */
  maxConnectionsPerPod: number;
  /** Bytes through one connection, both directions together; past it the connection is closed. */
  maxBytesPerConnection: number;
  /** A connection with no data either way for this long is closed. */
  idleTimeoutMs: number;
}

export const DEFAULT_WORKLOAD_LIMITS: WorkloadLimits = {
  maxConnectionsPerPod: 64,
  maxBytesPerConnection: 64 * 1024 ** 2,
  idleTimeoutMs: 5 * 60_000,
};
