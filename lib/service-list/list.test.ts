import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../k8s/types';
import { countEndpoints } from './endpoint-counts';
import { buildRows, toServiceRow } from './rows';
import { countByType, filterRows } from './search';
import { sortRows } from './sort';
import { DEFAULT_VIEW, parseViewState, serializeViewState, toggleSort, toggleType } from './url-state';

const service = (name: string, ns: string, spec: Service['spec'], extra: Partial<Service['metadata']> = {}): Service => ({
  metadata: { name, namespace: ns, creationTimestamp: '2026-01-01T00:00:00Z', ...extra },
  spec,
});

const slice = (ns: string, svc: string, eps: { ip: string; ready?: boolean; pod?: string }[], addressType: 'IPv4' | 'IPv6' = 'IPv4'): EndpointSlice => ({
  metadata: { name: `${svc}-${addressType}`, namespace: ns, labels: { 'kubernetes.io/service-name': svc } },
  addressType,
  endpoints: eps.map((e) => ({
    addresses: [e.ip],
    conditions: e.ready === undefined ? {} : { ready: e.ready },
    targetRef: e.pod ? { kind: 'Pod', namespace: ns, name: e.pod } : undefined,
  })),
});

describe('countEndpoints', () => {
  it('counts ready/total per Service from one list of slices, once per endpoint across families', () => {
    const counts = countEndpoints([
      slice('demo', 'web', [{ ip: '10.244.1.2', ready: true, pod: 'a' }, { ip: '10.244.1.3', ready: false, pod: 'b' }, { ip: '10.244.1.4', pod: 'c' }]),
      slice('demo', 'web', [{ ip: 'fd00::2', ready: true, pod: 'a' }], 'IPv6'),
      slice('other', 'web', [{ ip: '10.244.2.2', ready: false }]),
    ]);
    expect(counts.get('demo/web')).toMatchObject({ ready: 2, total: 3 });
    expect(counts.get('other/web')).toMatchObject({ ready: 0, total: 1 });
  });
});

const rowsOf = (services: Service[], slices: EndpointSlice[] = []) => buildRows(services, countEndpoints(slices)).rows;

describe('rows', () => {
  it('gives Services with a selector 0/0 endpoints when no slice exists, and none without a selector', () => {
    const [withSel, without] = rowsOf([service('a', 'demo', { selector: { app: 'a' } }), service('b', 'demo', {})]);
    expect(withSel.endpoints).toEqual({ ready: 0, total: 0 });
    expect(without.endpoints).toBeUndefined();
  });

  it('reuses unchanged rows and rebuilds changed ones', () => {
    const a = service('a', 'demo', { selector: { app: 'a' } });
    const b = service('b', 'demo', {});
    const first = buildRows([a, b], new Map());
    const b2 = service('b', 'demo', { type: 'NodePort' });
    const second = buildRows([a, b2], new Map(), first.byKey);
    expect(second.rows[0]).toBe(first.rows[0]);
    expect(second.rows[1]).not.toBe(first.rows[1]);
    const third = buildRows([a, b2], countEndpoints([slice('demo', 'a', [{ ip: '10.0.0.1' }])]), second.byKey);
    expect(third.rows[0].endpoints).toMatchObject({ ready: 1, total: 1 });
  });
});

describe('search and type filter', () => {
  const rows = rowsOf([
    service('web', 'shop', { type: 'LoadBalancer', clusterIP: '10.96.0.20', clusterIPs: ['10.96.0.20'], ports: [{ name: 'http', port: 80, nodePort: 31000, protocol: 'TCP', targetPort: 8080 }], selector: { app: 'web' } }, { labels: { team: 'payments' } }),
    service('db', 'shop', { type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], ports: [{ port: 5432, protocol: 'TCP' }] }),
    service('legacy', 'ops', { type: 'ExternalName', externalName: 'legacy.example.com' }),
  ]);
  const names = (r: { name: string }[]) => r.map((x) => x.name);

  it('matches name, namespace, labels, IPs, ports and external names, all terms required', () => {
    expect(names(filterRows(rows, 'WEB', []))).toEqual(['web']);
    expect(names(filterRows(rows, 'team=payments', []))).toEqual(['web']);
    expect(names(filterRows(rows, '10.96.0.20', []))).toEqual(['web']);
    expect(names(filterRows(rows, '31000', []))).toEqual(['web']);
    expect(names(filterRows(rows, '5432', []))).toEqual(['db']);
    expect(names(filterRows(rows, 'example.com', []))).toEqual(['legacy']);
    expect(names(filterRows(rows, 'shop 5432', []))).toEqual(['db']);
    expect(names(filterRows(rows, 'shop nothing', []))).toEqual([]);
    expect(names(filterRows(rows, '   ', []))).toEqual(['web', 'db', 'legacy']);
  });

  it('matches the type as shown and as spec.type (D-13)', () => {
    expect(names(filterRows(rows, 'loadbalancer', []))).toEqual(['web']);
    expect(names(filterRows(rows, 'headless', []))).toEqual(['db']);
    expect(names(filterRows(rows, 'ExternalName', []))).toEqual(['legacy']);
  });

  it('treats key=value / key!=value as exact label (or selector) terms, not substrings (D-13)', () => {
    const more = rowsOf([
      service('a', 'x', { selector: { app: 'web' } }, { labels: { app: 'web' } }),
      service('b', 'x', { selector: { app: 'webshop' } }, { labels: { app: 'webshop' } }),
      service('c', 'x', { selector: { app: 'web' } }),
    ]);
    expect(names(filterRows(more, 'app=web', []))).toEqual(['a', 'c']);
    expect(names(filterRows(more, 'app==webshop', []))).toEqual(['b']);
    expect(names(filterRows(more, 'app!=web', []))).toEqual(['b', 'c']);
    expect(names(filterRows(more, 'App=web', []))).toEqual([]);
    expect(names(filterRows(more, 'app=', []))).toEqual(['a', 'b', 'c']);
  });

  it('filters by display type (headless counts as its own type) and counts per type', () => {
    expect(names(filterRows(rows, '', ['Headless', 'ExternalName']))).toEqual(['db', 'legacy']);
    expect(countByType(rows, 'shop')).toEqual({ ClusterIP: 0, Headless: 1, NodePort: 0, LoadBalancer: 1, ExternalName: 0 });
  });
});

describe('sortRows', () => {
  const rows = rowsOf([
    service('b', 'x', { clusterIP: '10.96.0.100', clusterIPs: ['10.96.0.100'], ports: [{ port: 443 }] }, { creationTimestamp: '2026-01-03T00:00:00Z' }),
    service('a10', 'y', { clusterIP: '10.96.0.9', clusterIPs: ['10.96.0.9'], ports: [{ port: 80 }] }, { creationTimestamp: '2026-01-01T00:00:00Z' }),
    service('a2', 'x', { type: 'ExternalName', externalName: 'e.example.com' }, { creationTimestamp: '2026-01-02T00:00:00Z' }),
  ]);
  const names = (r: { name: string }[]) => r.map((x) => x.name);

  it('sorts names naturally and flips with direction', () => {
    expect(names(sortRows(rows.slice(), 'name', 'asc'))).toEqual(['a2', 'a10', 'b']);
    expect(names(sortRows(rows.slice(), 'name', 'desc'))).toEqual(['b', 'a10', 'a2']);
  });
  it('sorts IPs numerically with empty cells last', () => {
    expect(names(sortRows(rows.slice(), 'clusterIP', 'asc'))).toEqual(['a10', 'b', 'a2']);
  });
  it('sorts ports by number, age youngest first, namespace with name as tie-break', () => {
    expect(names(sortRows(rows.slice(), 'ports', 'asc'))).toEqual(['a10', 'b', 'a2']);
    expect(names(sortRows(rows.slice(), 'age', 'asc'))).toEqual(['b', 'a2', 'a10']);
    expect(names(sortRows(rows.slice(), 'namespace', 'asc'))).toEqual(['a2', 'b', 'a10']);
  });
});

describe('URL view state', () => {
  it('round-trips and leaves defaults out', () => {
    const state = { namespace: 'demo', q: 'web api', types: ['LoadBalancer' as const], sort: 'age' as const, dir: 'desc' as const };
    const text = serializeViewState(state);
    expect(text).toBe('?namespace=demo&q=web+api&type=LoadBalancer&sort=age&dir=desc');
    expect(parseViewState(new URLSearchParams(text))).toEqual(state);
    expect(serializeViewState(DEFAULT_VIEW)).toBe('');
  });
  it('ignores invalid values', () => {
    expect(parseViewState(new URLSearchParams('namespace=../x&sort=evil&dir=up&type=foo,headless'))).toEqual({
      q: '',
      types: ['Headless'],
      dir: 'asc',
      namespace: undefined,
    });
  });
  it('toggles sort and types', () => {
    expect(toggleSort(DEFAULT_VIEW, 'name').dir).toBe('desc');
    expect(toggleSort(DEFAULT_VIEW, 'age')).toMatchObject({ sort: 'age', dir: 'asc' });
    expect(toggleType(toggleType(DEFAULT_VIEW, 'NodePort'), 'ClusterIP').types).toEqual(['ClusterIP', 'NodePort']);
    expect(toggleType({ ...DEFAULT_VIEW, types: ['NodePort'] }, 'NodePort').types).toEqual([]);
  });
});

it('toServiceRow keeps the Service object', () => {
  const s = service('z', 'demo', {});
  expect(toServiceRow(s, new Map()).service).toBe(s);
});

describe('naturalCompare', () => {
  it('orders digit runs by value and ignores case', async () => {
    const { naturalCompare } = await import('./sort');
    const sorted = ['svc-10', 'svc-2', 'Svc-1', 'svc-02b', 'svc-2a', 'a', 'svc-', 'svc-100'].sort(naturalCompare);
    expect(sorted).toEqual(['a', 'svc-', 'Svc-1', 'svc-2', 'svc-2a', 'svc-02b', 'svc-10', 'svc-100']);
    expect(naturalCompare('abc', 'ABC')).toBe(0);
    expect(naturalCompare('x9', 'x10')).toBeLessThan(0);
  });
});

describe('filterAndCount', () => {
  it('gives the same rows as filterRows and the same counts as countByType, in one pass', async () => {
    const { filterAndCount, filterRows, countByType } = await import('./search');
    const rows = rowsOf([
      service('web', 'shop', { type: 'LoadBalancer', selector: { app: 'web' } }),
      service('db', 'shop', { clusterIP: 'None', clusterIPs: ['None'] }),
      service('api', 'ops', { type: 'NodePort' }),
    ]);
    for (const [q, types] of [['', []], ['shop', []], ['shop', ['Headless']], ['', ['NodePort', 'LoadBalancer']]] as const) {
      const both = filterAndCount(rows, q, types);
      expect(both.rows).toEqual(filterRows(rows, q, types));
      expect(both.counts).toEqual(countByType(rows, q));
    }
  });
});
