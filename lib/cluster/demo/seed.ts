/**
 * seedDemoData: writes the demo namespaces, Services, pods and Endpoints through the in-process
 * API (so they are defaulted, validated and allocated like any client's). Objects that already
 * exist are left as they are, so a second run changes nothing.
 */
import type { ClusterApi } from '../api';
import { ApiError } from '../rest/api-error';
import { demoObjects } from './data';

export const DEMO_FIELD_MANAGER = 'kubectl-create';

export function seedDemoData(api: ClusterApi): void {
  for (const { resource, object } of demoObjects()) {
    if (api.get(resource, object.metadata.namespace, object.metadata.name ?? '')) continue;
    try {
      api.create(resource, object, { fieldManager: DEMO_FIELD_MANAGER });
    } catch (err) {
      if (err instanceof ApiError && err.status.reason === 'AlreadyExists') continue;
      throw err;
    }
  }
}

export { demoObjects } from './data';
