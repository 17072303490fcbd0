import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '../../k8s/types/cluster';
import type { Service } from '../../k8s/types/service';
import { createEventRecorder } from './events';
import { startInProcessCluster, type InProcessCluster } from './in-process.test-support';

let c: InProcessCluster | undefined;
afterEach(() => c?.stop());

describe('event recorder', () => {
  it('writes core/v1 Events as client-go does and counts repeats instead of duplicating them', () => {
    c = startInProcessCluster();
    const svc = c.api.get<Service>('services', 'default', 'kubernetes') as Service;
    let t = Date.parse('2026-01-01T00:00:00Z');
    const recorder = createEventRecorder(c.api, 'service-controller', 'cloud-controller-manager', () => ({ apiVersion: 'v1', kind: 'Service' }), () => new Date(t));
    recorder.event(svc, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer');
    t += 5000;
    recorder.event(svc, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer');
    const events = c.api.list<Event>('events', 'default');
    expect(events).toHaveLength(1);
    const [ev] = events;
    expect(ev.metadata.name).toMatch(/^kubernetes\.[0-9a-f]+$/);
    expect(ev).toMatchObject({
      involvedObject: { kind: 'Service', namespace: 'default', name: 'kubernetes', uid: svc.metadata.uid, apiVersion: 'v1' },
      reason: 'EnsuringLoadBalancer',
      message: 'Ensuring load balancer',
      source: { component: 'service-controller' },
      type: 'Normal',
      count: 2,
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T00:00:05Z',
    });
  });

  it('never throws: a failed write goes to onError', () => {
    c = startInProcessCluster();
    const errors: unknown[] = [];
    const recorder = createEventRecorder(c.api, 'x', 'x', () => ({ apiVersion: 'v1', kind: 'Service' }), () => new Date(), (e) => errors.push(e));
    recorder.event({ metadata: { name: 'ghost', namespace: 'no-such-namespace' } }, 'Normal', 'R', 'm');
    expect(errors).toHaveLength(1);
  });
});
