import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../k8s/types';
import { countEndpoints, slicesByService } from './endpoint-counts';
import { buildRows } from './rows';
import { filterAndCount } from './search';

const svc = (name: string, spec: Service['spec'], status?: Service['status']): Service => ({ metadata: { name, namespace: 'demo' }, spec, status });
const slice = (service: string, ready: boolean[], ports: EndpointSlice['ports'] = [{ name: 'http', port: 8080, protocol: 'TCP' }]): EndpointSlice => ({
  metadata: { name: `${service}-1`, namespace: 'demo', labels: { 'kubernetes.io/service-name': service } },
  addressType: 'IPv4',
  ports,
  endpoints: ready.map((r, i) => ({ addresses: [`10.244.1.${i + 2}`], conditions: { ready: r }, targetRef: { kind: 'Pod', namespace: 'demo', name: `${service}-${i}` } })),
});
/** A Map that counts point lookups and whole-map scans. */
class CountingMap<K, V> extends Map<K, V> {
  lookups = 0;
  scans = 0;
  override get(key: K): V | undefined {
    this.lookups++;
    return super.get(key);
  }
  override forEach(fn: (value: V, key: K, map: Map<K, V>) => void): void {
    this.scans++;
    super.forEach(fn);
  }
  override entries(): MapIterator<[K, V]> {
    this.scans++;
    return super.entries();
  }
  override values(): MapIterator<V> {
    this.scans++;
    return super.values();
  }
  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.scans++;
    return super[Symbol.iterator]();
  }
}

const port = [{ name: 'http', port: 80, protocol: 'TCP' as const, targetPort: 8080 }];

const services = [
  svc('ok', { selector: { app: 'ok' }, ports: port }),
  svc('half', { selector: { app: 'half' }, ports: port }),
  svc('down', { selector: { app: 'down' }, ports: port }),
  svc('bare', { ports: port }),
  svc('manual', { ports: port }),
  svc('lb', { type: 'LoadBalancer', selector: { app: 'ok' }, ports: port }, { loadBalancer: {} }),
  svc('ext', { type: 'ExternalName', externalName: 'db.example.com' }),
  svc('ext-ip', { type: 'ExternalName', externalName: '10.0.0.1' }),
];
const slices = [slice('ok', [true]), slice('half', [true, false]), slice('down', [false]), slice('manual', [true]), slice('lb', [true])];
const rows = buildRows(services, countEndpoints(slices), undefined, slicesByService(slices)).rows;
const byName = new Map(rows.map((r) => [r.name, r]));

describe('Needs attention (D-18): the diagnosis rules the list data can decide', () => {
  it('flags what the detail page calls an error or warning, with its title', () => {
    expect(byName.get('ok')?.attention).toBeUndefined();
    expect(byName.get('manual')?.attention).toBeUndefined();
    expect(byName.get('ext')?.attention).toBeUndefined();
    expect(byName.get('half')?.attention?.severity).toBe('warning');
    expect(byName.get('down')?.attention?.severity).toBe('error');
    expect(byName.get('bare')?.attention).toEqual({ severity: 'error', title: 'No selector and no EndpointSlices: nothing receives the traffic' });
    expect(byName.get('lb')?.attention).toEqual({ severity: 'warning', title: 'Load balancer pending: no external address yet' });
    expect(byName.get('ext-ip')?.attention?.title).toBe('externalName 10.0.0.1 looks like an IPv4 address');
  });

  it('filters to flagged Services and counts them after search and type filter', () => {
    const all = filterAndCount(rows, '', [], true);
    expect(all.rows.map((r) => r.name).sort()).toEqual(['bare', 'down', 'ext-ip', 'half', 'lb']);
    expect(all.attention).toBe(5);
    expect(filterAndCount(rows, '', ['LoadBalancer']).attention).toBe(1);
    expect(filterAndCount(rows, 'bare', [], false).attention).toBe(1);
  });

  it('stays cheap at 10,000 Services: one pass, one slice lookup per row, no scan of every slice per row (the time is in `npm run bench -- core`)', () => {
    const many: Service[] = [];
    const manySlices: EndpointSlice[] = [];
    for (let i = 0; i < 10_000; i++) {
      many.push(svc(`s${i}`, i % 3 ? { selector: { app: `s${i}` }, ports: port } : { ports: port }));
      if (i % 2) manySlices.push(slice(`s${i}`, [true, i % 5 !== 0]));
    }
    const slices = new CountingMap(slicesByService(manySlices));
    const built = buildRows(many, countEndpoints(manySlices), undefined, slices).rows;
    expect(built).toHaveLength(10_000);
    expect(slices.lookups).toBeLessThanOrEqual(10_000);
    expect(slices.scans).toBe(0);
    const flagged = filterAndCount(built, '', [], true).rows;
    // Each row is flagged as it is on its own (no state carried from row to row).
    const alone = (i: number): string | undefined => {
      const own = manySlices.filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === `s${i}`);
      return buildRows([many[i]], countEndpoints(own), undefined, slicesByService(own)).rows[0].attention?.title;
    };
    for (let i = 0; i < 30; i++) expect(built[i].attention?.title).toBe(alone(i));
    expect(flagged.length).toBe(built.filter((r) => r.attention).length);
    expect(flagged.length).toBeGreaterThan(0);
  });
});
