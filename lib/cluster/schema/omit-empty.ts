/**
 * The storage round trip of an object: kube-apiserver keeps objects as protobuf in etcd, where an
 * empty map or list is indistinguishable from an absent one, and answers with what it decoded
 * from there. So `labels: {}`, `selector: {}`, `externalIPs: []` come back absent (their JSON tags
 * are `omitempty`). This drops them from an object about to be stored, schema-driven, without
 * touching opaque values (`fieldsV1`) or the few lists whose JSON tag has no `omitempty`. Pure;
 * copies only what changes (stored objects are frozen and shared).
 */
import type { Schema } from './types';

/** `<definition>.<field>` of the map/list fields encoded without omitempty (`json:"endpoints"`). */
const NOT_OMITEMPTY = new Set([
  'io.k8s.api.discovery.v1.EndpointSlice.endpoints',
  'io.k8s.api.discovery.v1.EndpointSlice.ports',
  'io.k8s.api.discovery.v1.Endpoint.addresses',
  'io.k8s.api.core.v1.PodSpec.containers',
  'io.k8s.api.core.v1.NodeSelector.nodeSelectorTerms',
]);

function isEmptyCollection(value: unknown, schema: Schema): boolean {
  if (schema.type === 'array') return Array.isArray(value) && value.length === 0;
  if (schema.type === 'map') return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
  return false;
}

/** `value` without empty omitempty maps/lists anywhere below it (the same value when nothing changes). */
export function dropEmptyCollections<T>(value: T, schema: Schema): T {
  if (value === null || typeof value !== 'object') return value;
  if (schema.type === 'array') {
    if (!Array.isArray(value)) return value;
    let out: unknown[] | undefined;
    value.forEach((item: unknown, i: number) => {
      const next = dropEmptyCollections(item, schema.items);
      if (next !== item) (out ??= [...value])[i] = next;
    });
    return (out ?? value) as T;
  }
  if (Array.isArray(value)) return value;
  const obj = value as Record<string, unknown>;
  if (schema.type === 'map') {
    if (schema.values.type !== 'object' && schema.values.type !== 'array' && schema.values.type !== 'map') return value;
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(obj)) {
      const next = dropEmptyCollections(obj[key], schema.values);
      if (next !== obj[key]) (out ??= { ...obj })[key] = next;
    }
    return (out ?? value) as T;
  }
  if (schema.type !== 'object') return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(obj)) {
    const child = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (!child) continue;
    const v = obj[key];
    if (isEmptyCollection(v, child) && !NOT_OMITEMPTY.has(`${schema.name ?? ''}.${key}`)) {
      out ??= { ...obj };
      delete out[key];
      continue;
    }
    const next = dropEmptyCollections(v, child);
    if (next !== v) (out ??= { ...obj })[key] = next;
  }
  return (out ?? value) as T;
}
