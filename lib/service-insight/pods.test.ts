import { describe, expect, it } from 'vitest';
import { backingPods, podIPs, podNotReadyReason, podReady, podRestarts, podTerminal } from './pods';
import { pod, svc } from './test-fixtures';

describe('backing pods', () => {
  it('are the pods of the namespace the selector selects, sorted; none without a selector', () => {
    const pods = [
      pod('b', { labels: { app: 'web' } }),
      pod('a', { labels: { app: 'web', extra: 'x' } }),
      pod('c', { labels: { app: 'db' } }),
      pod('d', { labels: { app: 'web' }, namespace: 'other' }),
    ];
    expect(backingPods(svc('web', { selector: { app: 'web' } }), pods).map((p) => p.metadata.name)).toEqual(['a', 'b']);
    expect(backingPods(svc('web', {}), pods)).toEqual([]);
    expect(backingPods(svc('web', { selector: {} }), pods)).toEqual([]);
  });

  it('readiness, restarts, IPs, terminal phases', () => {
    const ready = pod('r', { labels: {}, ip: '10.244.1.7' });
    const notReady = pod('n', { labels: {}, ready: false });
    expect(podReady(ready)).toBe(true);
    expect(podReady(notReady)).toBe(false);
    expect(podNotReadyReason(notReady)).toBe('ContainersNotReady: containers with unready status: [main]');
    expect(podRestarts(ready)).toBe(2);
    expect(podIPs(ready)).toEqual(['10.244.1.7']);
    ready.status = { ...ready.status, podIPs: [{ ip: '10.244.1.7' }, { ip: 'fd00::7' }] };
    expect(podIPs(ready)).toEqual(['10.244.1.7', 'fd00::7']);
    expect(podTerminal(pod('s', { labels: {}, phase: 'Succeeded' }))).toBe(true);
    expect(podTerminal(ready)).toBe(false);
  });
});
