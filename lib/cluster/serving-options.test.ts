import { describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS } from './http/listener';
import { DEFAULT_WATCH_QUEUE_LIMITS } from './http/watch-queue';
import { parseClusterArgs } from './options';
import { connectionLimitsOf, parseBytes, parseDuration, watchQueueLimitsOf, workloadLimitsOf } from './serving-options';

describe('serving options', () => {
  it('reads the port-forward bounds of the simulated pods, with defaults', () => {
    expect(workloadLimitsOf(parseClusterArgs([]))).toEqual({ maxConnectionsPerPod: 64, maxBytesPerConnection: 64 * 1024 ** 2, idleTimeoutMs: 300_000 });
    const o = parseClusterArgs(['--pod-max-connections', '3', '--pod-connection-bytes=256Ki', '--pod-idle-timeout', '2s']);
    expect(workloadLimitsOf(o)).toEqual({ maxConnectionsPerPod: 3, maxBytesPerConnection: 256 * 1024, idleTimeoutMs: 2000 });
    expect(() => parseClusterArgs(['--pod-max-connections', '0'])).toThrow('invalid --pod-max-connections: 0');
  });

  it('defaults to kube-apiserver-like deadlines and bounded watch queues', () => {
    const o = parseClusterArgs([]);
    expect(connectionLimitsOf(o)).toEqual({ headersTimeoutMs: 32_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 90_000, maxConnections: 1000 });
    expect(connectionLimitsOf(o)).toEqual(DEFAULT_CONNECTION_LIMITS);
    expect(watchQueueLimitsOf(o)).toEqual({ maxBytes: 10 * 1024 * 1024, maxEvents: 1000 });
    expect(watchQueueLimitsOf(o)).toEqual(DEFAULT_WATCH_QUEUE_LIMITS);
  });

  it('reads the flags', () => {
    const o = parseClusterArgs([
      '--headers-timeout=500ms',
      '--request-timeout',
      '2s',
      '--keep-alive-timeout',
      '1.5',
      '--max-connections',
      '20',
      '--watch-queue-bytes=512Ki',
      '--watch-queue-events',
      '50',
    ]);
    expect(connectionLimitsOf(o)).toEqual({ headersTimeoutMs: 500, requestTimeoutMs: 2000, keepAliveTimeoutMs: 1500, maxConnections: 20 });
    expect(watchQueueLimitsOf(o)).toEqual({ maxBytes: 512 * 1024, maxEvents: 50 });
  });

  it('refuses bad values', () => {
    expect(parseDuration('x', '2m')).toBe(120_000);
    expect(parseBytes('x', '10Mi')).toBe(10 * 1024 * 1024);
    expect(() => parseClusterArgs(['--headers-timeout', '0'])).toThrow('invalid --headers-timeout: 0');
    expect(() => parseClusterArgs(['--request-timeout', '5h'])).toThrow('invalid --request-timeout: 5h');
    expect(() => parseClusterArgs(['--watch-queue-bytes', '10MB'])).toThrow('invalid --watch-queue-bytes: 10MB');
    expect(() => parseClusterArgs(['--max-connections', '-1'])).toThrow('invalid --max-connections: -1');
    expect(() => parseClusterArgs(['--max-connections'])).toThrow('flag needs an argument: --max-connections');
  });
});
