import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../k8s/types';
import { firstRowsOf, firstRowsServices, MAX_CARRIED_SLICES, WHOLE_LIST_MAX, withEndpointSlices } from './first-rows';
import { FIRST_SCREEN_ROWS } from './first-screen';
import { buildRows } from './rows';
import { filterAndCount } from './search';
import { sortRows } from './sort';
import { DEFAULT_VIEW, type ListViewState } from './url-state';

const make = (n: number): Service[] =>
  Array.from({ length: n }, (_, i) => ({
    metadata: { name: `svc-${(i * 7919) % n}`, namespace: i % 3 ? 'a' : 'b', creationTimestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() },
    spec: i % 5 ? { type: 'ClusterIP', clusterIPs: [`10.0.${i >> 8}.${i & 255}`] } : { type: 'NodePort' },
  }));

const keys = (services: Service[]) => services.map((s) => `${s.metadata.namespace}/${s.metadata.name}`);
const list = { resourceVersion: '7', partial: false };

/** What the browser shows for the view over the whole list. */
const inBrowser = (services: Service[], view: ListViewState) =>
  filterAndCount(sortRows(buildRows(services, new Map()).rows, view.sort ?? 'name', view.sort ? view.dir : 'asc'), view.q, view.types, false, view.sort === undefined);

describe('the first rows the server puts into the HTML', () => {
  it('a short list goes whole, with the counts of the view', () => {
    const services = make(WHOLE_LIST_MAX);
    const view: ListViewState = { ...DEFAULT_VIEW, q: 'svc-1', types: ['NodePort'] };
    const first = firstRowsOf(services, view, list)!;
    expect(first.complete).toBe(true);
    expect(firstRowsServices(first)).toHaveLength(WHOLE_LIST_MAX);
    const want = inBrowser(services, view);
    expect(first.shown).toBe(want.rows.length);
    expect(first.typeCounts).toEqual(want.counts);
    expect(first.rows.resourceVersion).toBe('7');
  });
  it('a long list: the first screen of the view, in the order the browser shows it, for each kind of view', () => {
    const services = make(3000);
    const views: ListViewState[] = [
      DEFAULT_VIEW,
      { ...DEFAULT_VIEW, sort: 'age', dir: 'desc' },
      { ...DEFAULT_VIEW, q: 'svc-12' },
      { ...DEFAULT_VIEW, types: ['NodePort'], sort: 'namespace', dir: 'asc' },
    ];
    for (const view of views) {
      const first = firstRowsOf(services, view, list)!;
      const want = inBrowser(services, view);
      expect(first.complete).toBe(false);
      expect(keys(firstRowsServices(first))).toEqual(want.rows.slice(0, FIRST_SCREEN_ROWS).map((r) => r.key));
      expect(first.shown).toBe(want.rows.length);
      expect(first.total).toBe(3000);
      expect(first.typeCounts).toEqual(want.counts);
      // The browser's pipeline over the carried Services gives the same rows in the same order.
      expect(inBrowser(firstRowsServices(first), view).rows.map((r) => r.key)).toEqual(want.rows.slice(0, FIRST_SCREEN_ROWS).map((r) => r.key));
    }
  });
  it('a first page of a list still arriving is never whole, and counts what is known to come', () => {
    const first = firstRowsOf(make(50), DEFAULT_VIEW, { resourceVersion: '7', partial: true, remaining: 950 })!;
    expect(first.complete).toBe(false);
    expect(first.partial).toBe(true);
    expect(first.total).toBe(1000);
  });
  it('"Needs attention" needs the endpoints: left to the browser', () => {
    expect(firstRowsOf(make(10), { ...DEFAULT_VIEW, attention: true }, list)).toBeUndefined();
  });
});

describe('the EndpointSlices the first rows carry', () => {
  const slice = (namespace: string, service: string, name: string): EndpointSlice => ({
    metadata: { name, namespace, labels: { 'kubernetes.io/service-name': service }, managedFields: [{ manager: 'kube-controller-manager' }] },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['10.1.0.1'], conditions: { ready: true } }],
  });

  it("only the shown Services' slices, without managedFields, and the informer's objects untouched", () => {
    const services = make(3000);
    const first = firstRowsOf(services, DEFAULT_VIEW, list)!;
    const [shown] = firstRowsServices(first);
    const mine = slice(shown.metadata.namespace!, shown.metadata.name!, 'mine');
    const other = slice('elsewhere', shown.metadata.name!, 'other');
    const carried = withEndpointSlices(first, [other, mine]);
    expect(carried.slices?.map((s) => s.metadata.name)).toEqual(['mine']);
    expect(JSON.parse(JSON.stringify(carried.slices))[0].metadata.managedFields).toBeUndefined();
    expect(mine.metadata.managedFields).toHaveLength(1);
  });

  it('too many slices are left to the browser', () => {
    const first = firstRowsOf(make(10), DEFAULT_VIEW, list)!;
    const [shown] = firstRowsServices(first);
    const many = Array.from({ length: MAX_CARRIED_SLICES + 1 }, (_, i) => slice(shown.metadata.namespace!, shown.metadata.name!, `s-${i}`));
    expect(withEndpointSlices(first, many).slices).toBeUndefined();
    expect(withEndpointSlices(first, many.slice(1)).slices).toHaveLength(MAX_CARRIED_SLICES);
  });
});
