import { describe, expect, it } from 'vitest';
import type { KubeList, Service } from './types';
import { itemsWithTypeMeta } from './list-items';

describe('itemsWithTypeMeta', () => {
  it('gives the items of a real server list (no apiVersion/kind per item) the list kind', () => {
    const list: KubeList<Service> = { kind: 'ServiceList', apiVersion: 'v1', metadata: { resourceVersion: '7' }, items: [{ metadata: { name: 'web', namespace: 'shop' } }] };
    expect(itemsWithTypeMeta(list)).toEqual([{ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' } }]);
  });

  it('keeps items that say their kind, and a list that does not say its own', () => {
    const item: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' } };
    expect(itemsWithTypeMeta({ kind: 'ServiceList', apiVersion: 'v1', metadata: {}, items: [item] })[0]).toBe(item);
    const bare: Service = { metadata: { name: 'web' } };
    expect(itemsWithTypeMeta({ metadata: {}, items: [bare] })[0]).toBe(bare);
  });

  it('names the group version of an API group list', () => {
    const list = { kind: 'EndpointSliceList', apiVersion: 'discovery.k8s.io/v1', metadata: {}, items: [{ metadata: { name: 's' } }] };
    expect(itemsWithTypeMeta(list)[0]).toMatchObject({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' });
  });
});
