/** meta.k8s.io/v1 Table: server-side printing, as kubectl get asks for it. */
import type { ListMeta, ObjectMeta } from './meta';
import type { JsonValue } from '../json';

export interface TableColumnDefinition {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  format: string;
  description: string;
  priority: number;
}

export interface TableRow {
  cells: JsonValue[];
  conditions?: { type: 'Completed'; status: 'True' | 'False'; reason?: string; message?: string }[];
  /** The object itself (includeObject=Object) or its PartialObjectMetadata (the default). */
  object?: JsonValue | { kind: 'PartialObjectMetadata'; apiVersion: string; metadata: ObjectMeta };
}

export interface Table {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: ListMeta;
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}
