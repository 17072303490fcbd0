/** Shared helpers of the Service allocation tests (not used by production code). */
import type { Service, ServiceSpec } from '../../k8s/types/service';
import { applyServiceDefaults } from '../../service/defaults';
import { openStore } from '../storage/index';
import { createServiceAllocation } from './index';

export function svc(name: string, spec: ServiceSpec, ns = 'demo'): Service {
  return applyServiceDefaults({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns }, spec });
}

export function setup(options: { serviceCIDR?: string; nodePortRange?: string } = {}) {
  const store = openStore();
  const alloc = createServiceAllocation(options);
  const create = (s: Service, dryRun = false): Service =>
    store.transact((tx) => {
      const out = alloc.beginCreate(tx, s);
      tx.create('services', out);
      return out;
    }, { dryRun });
  const update = (next: Service, prev: Service, dryRun = false): Service =>
    store.transact((tx) => {
      const out = alloc.beginUpdate(tx, next, prev);
      tx.update('services', { ...out, metadata: { ...out.metadata, resourceVersion: undefined } });
      return out;
    }, { dryRun });
  const remove = (s: Service, dryRun = false): void =>
    store.transact((tx) => {
      const last = tx.delete('services', s.metadata.namespace, s.metadata.name ?? '') as Service;
      alloc.afterDelete(tx, last);
    }, { dryRun });
  return { store, alloc, create, update, remove };
}

export { apiErrorOf as apiError } from '../errors/api-error.test-support';
