import { describe, expect, it } from 'vitest';
import { threeWayMerge } from './three-way';

const base = {
  metadata: { name: 'web', labels: { a: '1' } },
  spec: { type: 'ClusterIP', ports: [{ name: 'http', port: 80 }, { name: 'metrics', port: 9090 }], selector: { app: 'web' } },
};
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('threeWayMerge', () => {
  it('takes non-overlapping changes from both sides', () => {
    const live = clone(base);
    live.metadata.labels.a = '2';
    const mine = clone(base);
    mine.spec.type = 'NodePort';
    const r = threeWayMerge(base, live, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.metadata.labels.a).toBe('2');
    expect(r.merged.spec.type).toBe('NodePort');
    expect(r.takenFromLive).toEqual(['metadata']);
  });

  it('marks different changes to the same field and keeps mine there', () => {
    const live = clone(base);
    live.spec.type = 'LoadBalancer';
    const mine = clone(base);
    mine.spec.type = 'NodePort';
    const r = threeWayMerge(base, live, mine);
    expect(r.conflicts).toEqual([{ path: 'spec.type', base: 'ClusterIP', live: 'LoadBalancer', mine: 'NodePort' }]);
    expect(r.merged.spec.type).toBe('NodePort');
  });

  it('takes the same change on both sides once, without a conflict', () => {
    const live = clone(base);
    live.spec.type = 'NodePort';
    const r = threeWayMerge(base, live, clone(live));
    expect(r.conflicts).toEqual([]);
  });

  it('merges named list items (ports) item by item', () => {
    const live = clone(base);
    live.spec.ports[1].port = 9100; // metrics changed live
    const mine = clone(base);
    mine.spec.ports[0].port = 8080; // http changed by me
    mine.spec.ports.push({ name: 'grpc', port: 9000 });
    const r = threeWayMerge(base, live, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.spec.ports).toEqual([
      { name: 'http', port: 8080 },
      { name: 'metrics', port: 9100 },
      { name: 'grpc', port: 9000 },
    ]);
  });

  it('a field removed on one side and unchanged on the other is removed', () => {
    const live = clone(base);
    delete (live.spec as { selector?: unknown }).selector;
    const r = threeWayMerge(base, live, clone(base));
    expect('selector' in r.merged.spec).toBe(false);
  });

  it('a field removed by one side and changed by the other is a conflict', () => {
    const live = clone(base);
    delete (live.spec as { selector?: unknown }).selector;
    const mine = clone(base);
    mine.spec.selector.app = 'api';
    const r = threeWayMerge(base, live, mine);
    expect(r.conflicts.map((c) => c.path)).toEqual(['spec.selector']);
  });
});
