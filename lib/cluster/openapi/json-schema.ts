/**
 * JSON Schema (draft-07) of a served kind, from the same schemas as the OpenAPI documents: for the
 * YAML editor (monaco-yaml) to complete, describe and flag unknown fields the way the server's
 * strict field validation would. Pure and browser-safe: import this file directly (the openapi
 * index pulls in node:crypto).
 */
import type { JsonObject } from '../../k8s/json';
import { isJsonObject } from '../../k8s/json';
import type { ObjectSchema } from '../schema/types';
import { collectDefinitions } from './convert';

export function jsonSchemaFor(kind: ObjectSchema): JsonObject {
  if (!kind.name) throw new Error('jsonSchemaFor needs a named kind schema');
  const definitions = collectDefinitions([kind], 'json-schema');
  const root = definitions[kind.name];
  if (kind.gvk && isJsonObject(root) && isJsonObject(root.properties)) {
    const { group, version } = kind.gvk;
    const props = root.properties;
    props.apiVersion = { ...(isJsonObject(props.apiVersion) ? props.apiVersion : {}), enum: [group ? `${group}/${version}` : version] };
    props.kind = { ...(isJsonObject(props.kind) ? props.kind : {}), enum: [kind.gvk.kind] };
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', $ref: `#/definitions/${kind.name}`, definitions };
}
