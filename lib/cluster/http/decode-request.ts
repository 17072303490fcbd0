/** The object body of a create or update request: JSON, YAML, or protobuf for the kinds kubectl's typed clients send. */
import type { IncomingMessage } from 'node:http';
import { failure } from '../../k8s/status';
import type { ResourceDefinition } from '../registry/types';
import { ApiError } from '../rest/api-error';
import { apiVersionOf } from '../rest/context';
import { checkTypeMeta, decodeObject, type Decoded } from '../rest/decode';
import { schemaFor } from '../schema';
import { readBodyBytes } from './body';
import { PROTOBUF_CONTENT_TYPE, readEnvelope } from './protobuf';
import { decodeObjectProtobuf } from './protobuf-objects';

export async function decodeRequestObject(req: IncomingMessage, def: ResourceDefinition): Promise<Decoded> {
  const bytes = await readBodyBytes(req);
  const contentType = req.headers['content-type'];
  const expected = { kind: def.kind, apiVersion: apiVersionOf(def) };
  if (!(contentType ?? '').startsWith(PROTOBUF_CONTENT_TYPE)) return decodeObject(bytes.toString('utf8'), contentType, expected, schemaFor(def.resource));
  let object;
  try {
    const envelope = readEnvelope(bytes);
    object = decodeObjectProtobuf(envelope.raw, def.kind);
    if (object) {
      if (envelope.kind) object.kind = envelope.kind;
      if (envelope.apiVersion) object.apiVersion = envelope.apiVersion;
    }
  } catch (err) {
    throw new ApiError(failure(400, 'BadRequest', `the object provided is unrecognized (must be of type ${def.kind}): ${err instanceof Error ? err.message : String(err)}`));
  }
  if (!object) {
    throw new ApiError(
      failure(415, 'UnsupportedMediaType', 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml'),
    );
  }
  checkTypeMeta(object, expected);
  return { object, strippedPaths: [] };
}
