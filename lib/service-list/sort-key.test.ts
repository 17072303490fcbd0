import { describe, expect, it } from 'vitest';
import { naturalCompare, naturalKey } from './sort';

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
