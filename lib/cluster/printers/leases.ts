/** `kubectl get leases`: NAME HOLDER AGE. */
import type { Lease } from '../../k8s/types/cluster';
import { ageColumn, column, nameColumn, translateTimestampSince, type ResourcePrinter } from './common';

export const leasePrinter: ResourcePrinter = {
  columns: [nameColumn(), column('Holder', 'string', 'The holder of the lease'), ageColumn()],
  row(obj, now) {
    const lease = obj as Lease;
    return { cells: [lease.metadata.name ?? '', lease.spec?.holderIdentity ?? '', translateTimestampSince(lease.metadata.creationTimestamp, now)] };
  },
};
