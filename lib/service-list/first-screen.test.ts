import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { createFirstScreenTracker, firstByName, firstScreen, isDefaultOrder } from './first-screen';
import { buildRows } from './rows';
import { sortRows } from './sort';
import { DEFAULT_VIEW } from './url-state';

const services: Service[] = Array.from({ length: 500 }, (_, i) => ({
  metadata: { name: `svc-${(i * 7919) % 500}`, namespace: i % 3 ? 'a' : 'b' },
  spec: i % 5 ? { type: 'ClusterIP' } : { type: 'NodePort' },
}));

describe('first screen', () => {
  it('picks the same first rows, in the same order, as building and sorting the whole list by name', () => {
    const whole = sortRows(buildRows(services, new Map()).rows, 'name', 'asc').slice(0, 40);
    expect(firstByName(services, 40).map((s) => `${s.metadata.namespace}/${s.metadata.name}`)).toEqual(whole.map((r) => r.key));
    expect(firstByName(services.slice(0, 3), 40)).toHaveLength(3);
  });
  it('counts every type over the whole list', () => {
    const { rows, typeCounts } = firstScreen(services, new Map());
    expect(rows).toHaveLength(80);
    expect(typeCounts).toMatchObject({ ClusterIP: 400, NodePort: 100 });
  });
  it('follows a list growing by appending, looking only at what was added, and starts over for another list', () => {
    const track = createFirstScreenTracker();
    const keys = (r: { rows: { key: string }[] }) => r.rows.map((x) => x.key);
    for (const n of [5, 120, 121, 300, 500]) {
      const got = track(services.slice(0, n), new Map());
      const want = firstScreen(services.slice(0, n), new Map());
      expect(keys(got)).toEqual(keys(want));
      expect(got.typeCounts).toEqual(want.typeCounts);
    }
    const other = services.slice(250);
    expect(keys(track(other, new Map()))).toEqual(keys(firstScreen(other, new Map())));
    expect(track(other, new Map()).typeCounts).toEqual(firstScreen(other, new Map()).typeCounts);
  });
  it('applies to the default view only', () => {
    expect(isDefaultOrder(DEFAULT_VIEW)).toBe(true);
    expect(isDefaultOrder({ ...DEFAULT_VIEW, sort: 'name' })).toBe(true);
    expect(isDefaultOrder({ ...DEFAULT_VIEW, sort: 'name', dir: 'desc' })).toBe(false);
    expect(isDefaultOrder({ ...DEFAULT_VIEW, q: 'web' })).toBe(false);
    expect(isDefaultOrder({ ...DEFAULT_VIEW, types: ['NodePort'] })).toBe(false);
    expect(isDefaultOrder({ ...DEFAULT_VIEW, attention: true })).toBe(false);
  });
});
