/** The object body of a create or update request: JSON, YAML, or protobuf for the kinds kubectl's typed clients send. */
import type { IncomingMessage } from 'node:http';
import type { JsonObject } from '../../k8s/json';
import { failure } from '../../k8s/status';
import type { ResourceDefinition } from '../registry/types';
import { ApiError } from '../errors/api-error';
import { apiVersionOf } from '../rest/context';
import { checkTypeMeta, decodeObject, type Decoded } from '../rest/decode';
import { schemaFor, schemaForKind } from '../schema';
import { decodeMessage, hasProtobufMapping, isProtobufContentType, readProtobufEnvelope } from '../schema/protobuf';
import { readBodyBytes } from './body';

function unsupportedMediaType(): ApiError {
  return new ApiError(
    failure(415, 'UnsupportedMediaType', 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml'),
  );
}

/**
 * A protobuf body (the `k8s\0` envelope) decoded with the schema of `kind`, for the kinds that have
 * protobuf field numbers; 415 for the others, 400 for malformed bodies.
 */
export function decodeProtobufBody(bytes: Uint8Array, kind: string, apiVersion: string, schema = schemaForKind(apiVersion, kind)): JsonObject {
  if (!schema || !hasProtobufMapping(schema)) throw unsupportedMediaType();
  try {
    const envelope = readProtobufEnvelope(bytes);
    const object = decodeMessage(envelope.raw, schema);
    if (envelope.apiVersion) object.apiVersion = envelope.apiVersion;
    if (envelope.kind) object.kind = envelope.kind;
    return object;
  } catch (err) {
    throw new ApiError(failure(400, 'BadRequest', `the object provided is unrecognized (must be of type ${kind}): ${err instanceof Error ? err.message : String(err)}`));
  }
}

export async function decodeRequestObject(req: IncomingMessage, def: ResourceDefinition): Promise<Decoded> {
  const bytes = await readBodyBytes(req);
  const contentType = req.headers['content-type'];
  const expected = { kind: def.kind, apiVersion: apiVersionOf(def) };
  const schema = schemaFor(def.resource);
  if (!isProtobufContentType(contentType)) return decodeObject(bytes.toString('utf8'), contentType, expected, schema);
  const object = checkTypeMeta(decodeProtobufBody(bytes, def.kind, expected.apiVersion, schema), expected);
  return { object, strippedPaths: [] };
}
