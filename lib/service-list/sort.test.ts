import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { createRowBuilder } from './rows';
import { createRowSorter, naturalCompare, naturalKey, sortRows, SORT_KEYS, type SortKey } from './sort';

const sign = (n: number) => Math.sign(n);

describe('naturalKey', () => {
  it('orders as naturalCompare does, with plain string comparison', () => {
    const words = ['svc-10', 'svc-2', 'Svc-1', 'svc-02b', 'svc-2a', 'a', 'svc-', 'svc-100', 'svc-000001', 'web-0', 'web-00', 'db.v10', 'db.v9', 'x-y', 'x9', 'x10', 'X10a', '', '0', '007', 'kube-dns', 'kube_dns', 'a.b-1'];
    for (const a of words) {
      for (const b of words) {
        const byKey = naturalKey(a) < naturalKey(b) ? -1 : naturalKey(a) > naturalKey(b) ? 1 : 0;
        expect([a, b, byKey]).toEqual([a, b, sign(naturalCompare(a, b))]);
      }
    }
  });
});

const svc = (ns: string, name: string, port: number, selector = true): Service => ({
  metadata: { name, namespace: ns, creationTimestamp: `2026-01-01T00:00:${String(port % 60).padStart(2, '0')}Z` },
  spec: { type: port % 3 ? 'ClusterIP' : 'NodePort', ports: [{ port }], ...(selector ? { selector: { app: name } } : {}) },
});

describe('createRowSorter', () => {
  const keys = (rows: { key: string }[]) => rows.map((r) => r.key);
  const services = Array.from({ length: 60 }, (_, i) => svc(`ns-${i % 4}`, `svc-${(i * 37) % 60}`, 1000 - i * 7));

  it('sorts as sortRows does, and again the same after counts change, a Service changes in place, or one is added', () => {
    for (const key of SORT_KEYS as readonly SortKey[]) {
      for (const dir of ['asc', 'desc'] as const) {
        const build = createRowBuilder();
        const sort = createRowSorter();
        const check = (list: Service[], counts = new Map<string, { ready: number; total: number }>()) => {
          const rows = build(list, counts);
          expect(keys(sort(rows, key, dir))).toEqual(keys(sortRows(rows.slice(), key, dir)));
        };
        check(services);
        check(services, new Map([['ns-1/svc-37', { ready: 5, total: 5 }], ['ns-2/svc-14', { ready: 1, total: 3 }]]));
        const changed = services.slice();
        changed[7] = svc(changed[7].metadata.namespace!, changed[7].metadata.name!, 1);
        check(changed);
        check([...changed, svc('ns-0', 'svc-000', 5)]);
      }
    }
  });
});
