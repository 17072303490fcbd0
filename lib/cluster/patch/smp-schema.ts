/**
 * LookupPatchMeta over our Schema: what strategic merge patch needs to know about a field
 * (its sub-schema, `x-kubernetes-patch-strategy` and `x-kubernetes-patch-merge-key`), with the
 * errors apimachinery's struct-based lookup gives for fields it cannot find.
 */
import type { Schema } from '../schema/types';
import { PatchFailure } from './errors';

export interface PatchMeta {
  strategies: string[];
  mergeKey: string;
}

const NO_META: PatchMeta = { strategies: [], mergeKey: '' };

/** The Go type name of a schema node (`io.k8s.api.core.v1.ServiceSpec` → `ServiceSpec`). */
export function typeName(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.type === 'object' && schema.name) return schema.name.slice(schema.name.lastIndexOf('.') + 1);
  if (schema.type === 'int-or-string') return 'IntOrString';
  return '';
}

function goKindOf(schema: Schema): string {
  switch (schema.type) {
    case 'object':
    case 'int-or-string':
      return 'struct';
    case 'map':
    case 'any':
      return 'map';
    case 'array':
      return 'slice';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return 'float64';
    case 'integer':
      return schema.format === 'int32' ? 'int32' : 'int64';
  }
}

function metaOf(field: Schema | undefined): PatchMeta {
  if (!field || field.type !== 'array') return NO_META;
  return { strategies: field.patchStrategy ? field.patchStrategy.split(',') : [], mergeKey: field.patchMergeKey ?? '' };
}

/** LookupPatchMetadataForStruct: the schema and patch meta of field `key` of a map-valued node. */
export function lookupForStruct(schema: Schema | undefined, key: string): { sub: Schema | undefined; meta: PatchMeta } {
  if (!schema || schema.type === 'any') return { sub: undefined, meta: NO_META };
  if (schema.type === 'map') return { sub: schema.values, meta: NO_META };
  if (schema.type !== 'object') {
    if (schema.type === 'int-or-string') throw new PatchFailure(`unable to find api field in struct IntOrString for the json field "${key}"`);
    throw new PatchFailure(`merging an object in json but data type is not map or struct, instead is: ${goKindOf(schema)}`);
  }
  if (!Object.prototype.hasOwnProperty.call(schema.properties, key)) {
    throw new PatchFailure(`unable to find api field in struct ${typeName(schema)} for the json field "${key}"`);
  }
  const sub = schema.properties[key];
  return { sub, meta: metaOf(sub) };
}

/** LookupPatchMetadataForSlice: the element schema and the list's patch meta. */
export function lookupForSlice(schema: Schema | undefined, key: string): { elem: Schema | undefined; meta: PatchMeta } {
  const { sub, meta } = lookupForStruct(schema, key);
  if (!sub || sub.type === 'any') return { elem: undefined, meta };
  if (sub.type !== 'array') {
    throw new PatchFailure(`expected slice or array type, but got: ${schema ? goKindOf(schema) : 'map'}`);
  }
  if (sub.items.type === 'array') throw new PatchFailure('unexpected slice of slice');
  return { elem: sub.items, meta };
}

/** extractRetainKeysPatchStrategy: the non-retainKeys strategy. */
export function mainStrategy(strategies: string[]): string {
  switch (strategies.length) {
    case 0:
      return '';
    case 1:
      return strategies[0] === 'retainKeys' ? '' : strategies[0];
    case 2:
      if (strategies[0] === 'retainKeys') return strategies[1];
      if (strategies[1] === 'retainKeys') return strategies[0];
      throw new PatchFailure(`unexpected patch strategy: [${strategies.join(' ')}]`);
    default:
      throw new PatchFailure(`unexpected patch strategy: [${strategies.join(' ')}]`);
  }
}
