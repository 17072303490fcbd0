/** `kubectl get namespaces`: NAME STATUS AGE. */
import type { Namespace } from '../../k8s/types/cluster';
import { ageColumn, column, nameColumn, translateTimestampSince, type ResourcePrinter } from './common';

export const namespacePrinter: ResourcePrinter = {
  columns: [nameColumn(), column('Status', 'string', 'The status of the namespace'), ageColumn()],
  row(obj, now) {
    const ns = obj as Namespace;
    return { cells: [ns.metadata.name ?? '', ns.status?.phase ?? '', translateTimestampSince(ns.metadata.creationTimestamp, now)] };
  },
};
