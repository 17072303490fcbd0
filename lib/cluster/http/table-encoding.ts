/**
 * Server-side Table responses as JSON text: cells from the printers, each row's object spliced in
 * from cached JSON (the object's metadata for PartialObjectMetadata, or the stored object), so a
 * Table of 10,000 Services costs little more than its cells.
 */
import type { KubeObject, ListMeta } from '../../k8s/types/meta';
import { printTable, type IncludeObject } from '../printers';
import { serializeObject, type StoredResource } from '../storage';

const metadataJson = new WeakMap<KubeObject, string>();

function metadataText(obj: KubeObject): string {
  let text = metadataJson.get(obj);
  if (text === undefined) {
    text = JSON.stringify(obj.metadata);
    if (Object.isFrozen(obj)) metadataJson.set(obj, text);
  }
  return text;
}

function objectText(obj: KubeObject, includeObject: IncludeObject, typeMeta: { apiVersion?: string; kind?: string }): string {
  if (includeObject === 'None') return 'null';
  if (includeObject === 'Metadata') return `{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":${metadataText(obj)}}`;
  return obj.kind && obj.apiVersion ? serializeObject(obj) : JSON.stringify({ ...typeMeta, ...obj });
}

export interface TableTextOptions {
  includeObject: IncludeObject;
  now: Date;
  listMeta?: ListMeta;
  /** apiVersion/kind for rows of includeObject=Object whose stored object lacks them. */
  typeMeta: { apiVersion: string; kind: string };
}

export function tableText(resource: StoredResource, objects: readonly KubeObject[], options: TableTextOptions): string {
  const table = printTable(resource, objects, { includeObject: 'None', now: options.now, listMeta: options.listMeta });
  const rows = new Array<string>(table.rows.length);
  for (let i = 0; i < table.rows.length; i++) {
    const row = table.rows[i];
    const conditions = row.conditions ? `,"conditions":${JSON.stringify(row.conditions)}` : '';
    rows[i] = `{"cells":${JSON.stringify(row.cells)}${conditions},"object":${objectText(objects[i], options.includeObject, options.typeMeta)}}`;
  }
  return `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":${JSON.stringify(table.metadata)},"columnDefinitions":${JSON.stringify(table.columnDefinitions)},"rows":[${rows.join(',')}]}`;
}
