/**
 * seedDemoData: writes the demo namespaces, Services, pods and Endpoints through the in-process
 * API (so they are defaulted, validated and allocated like any client's). Objects that already
 * exist are left as they are, so a second run changes nothing.
 */
import type { Service } from '../../k8s/types/service';
import { ipPlus } from '../allocators/ip-range';
import type { ClusterApi } from '../api';
import { ApiError } from '../errors/api-error';
import { demoObjects } from './data';

export const DEMO_FIELD_MANAGER = 'kubectl-create';

/** The 10th address of the primary service CIDR (10.96.0.10 by default; fd00:10:96::a on IPv6), from the `kubernetes` Service's first. */
function dnsServiceIP(api: ClusterApi): string | undefined {
  return ipPlus(api.get<Service>('services', 'default', 'kubernetes')?.spec?.clusterIP ?? '', 9);
}

export function seedDemoData(api: ClusterApi): void {
  for (const { resource, object } of demoObjects(dnsServiceIP(api))) {
    if (api.get(resource, object.metadata.namespace, object.metadata.name ?? '')) continue;
    try {
      api.create(resource, object, { fieldManager: DEMO_FIELD_MANAGER });
    } catch (err) {
      if (err instanceof ApiError && err.status.reason === 'AlreadyExists') continue;
      throw err;
    }
  }
}

