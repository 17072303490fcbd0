/**
 * Server-side printing: `Accept: application/json;as=Table;g=meta.k8s.io;v=v1` answers, as the real
 * API server builds them (printers.TableGenerator with Wide: true, then the handler's `asTable`
 * filling each row's `object` according to `includeObject`).
 */
import { ApiError } from '../errors/api-error';
import { statusError } from '../../k8s/status';
import type { KubeObject, ListMeta } from '../../k8s/types/meta';
import type { Table, TableRow } from '../../k8s/types/table';
import type { StoredResource } from '../storage/types';
import type { ResourcePrinter } from './common';
import { endpointSlicePrinter } from './endpointslices';
import { leasePrinter } from './leases';
import { endpointsPrinter } from './endpoints';
import { eventPrinter } from './events';
import { namespacePrinter } from './namespaces';
import { nodePrinter } from './nodes';
import { podPrinter } from './pods';
import { servicePrinter } from './services';


export type IncludeObject = 'None' | 'Metadata' | 'Object';

export interface PrintOptions {
  includeObject: IncludeObject;
  /** The clock ages are measured against. */
  now: Date;
  /** List metadata (resourceVersion, continue, remainingItemCount) copied onto the Table. */
  listMeta?: ListMeta;
}

const PRINTERS: Record<StoredResource, ResourcePrinter> = {
  namespaces: namespacePrinter,
  services: servicePrinter,
  endpoints: endpointsPrinter,
  pods: podPrinter,
  nodes: nodePrinter,
  events: eventPrinter,
  endpointslices: endpointSlicePrinter,
  leases: leasePrinter,
};

const TYPE_META: Record<StoredResource, { apiVersion: string; kind: string }> = {
  namespaces: { apiVersion: 'v1', kind: 'Namespace' },
  services: { apiVersion: 'v1', kind: 'Service' },
  endpoints: { apiVersion: 'v1', kind: 'Endpoints' },
  pods: { apiVersion: 'v1', kind: 'Pod' },
  nodes: { apiVersion: 'v1', kind: 'Node' },
  events: { apiVersion: 'v1', kind: 'Event' },
  endpointslices: { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' },
  leases: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' },
};

/** The `includeObject` query parameter; 400 with the real message for anything else. */
export function parseIncludeObject(value: string | null | undefined): IncludeObject {
  if (value === undefined || value === null || value === '' || value === 'Metadata') return 'Metadata';
  if (value === 'None' || value === 'Object') return value;
  throw new ApiError(statusError.badRequest(`unrecognized includeObject value: ${JSON.stringify(value)}`));
}

/** The column definitions the server sends for `resource`. */
export function columnsFor(resource: StoredResource): Table['columnDefinitions'] {
  return PRINTERS[resource].columns.map((c) => ({ ...c }));
}

function rowObject(resource: StoredResource, obj: KubeObject, includeObject: IncludeObject): TableRow['object'] {
  switch (includeObject) {
    case 'None':
      return null;
    case 'Object':
      return { ...TYPE_META[resource], ...obj } as unknown as TableRow['object'];
    case 'Metadata':
      return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
  }
}

/**
 * Prints `objects` (a list, or one object for a GET) as a meta.k8s.io/v1 Table. Every column is
 * included (priority 1 columns are what `kubectl get -o wide` shows).
 */
export function printTable(resource: StoredResource, objects: readonly KubeObject[], options: PrintOptions): Table {
  const printer = PRINTERS[resource];
  const metadata: ListMeta = {};
  if (options.listMeta) {
    if (options.listMeta.resourceVersion !== undefined) metadata.resourceVersion = options.listMeta.resourceVersion;
    if (options.listMeta.continue) metadata.continue = options.listMeta.continue;
    if (options.listMeta.remainingItemCount !== undefined) metadata.remainingItemCount = options.listMeta.remainingItemCount;
  } else if (objects.length === 1 && objects[0].metadata.resourceVersion) {
    metadata.resourceVersion = objects[0].metadata.resourceVersion;
  }
  const rows: TableRow[] = objects.map((obj) => {
    const printed = printer.row(obj, options.now);
    const row: TableRow = { cells: printed.cells };
    if (printed.conditions) row.conditions = printed.conditions;
    row.object = rowObject(resource, obj, options.includeObject);
    return row;
  });
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata, columnDefinitions: columnsFor(resource), rows };
}
