/**
 * Just enough of the Kubernetes protobuf encoding to read the access reviews kubectl sends as
 * protobuf (`kubectl auth can-i` uses a typed client with `application/vnd.kubernetes.protobuf`):
 * the `k8s\0` envelope (runtime.Unknown) and the review messages, decoded into their JSON form.
 */
import { statusError } from '../../k8s/status';
import type { JsonObject } from '../../k8s/json';
import { ApiError } from '../rest/api-error';

export const PROTOBUF_CONTENT_TYPE = 'application/vnd.kubernetes.protobuf';
const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

type Fields = Map<number, (Buffer | number)[]>;

function readVarint(buf: Buffer, pos: number): [number, number] {
  let result = 0;
  let shift = 0;
  for (;;) {
    if (pos >= buf.length) throw new Error('truncated varint');
    const b = buf[pos++];
    result += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return [result, pos];
    shift += 7;
  }
}

/** Splits a message into its fields (varints as numbers, length-delimited as Buffers). */
export function readFields(buf: Buffer): Fields {
  const fields: Fields = new Map();
  let pos = 0;
  while (pos < buf.length) {
    const [key, p1] = readVarint(buf, pos);
    pos = p1;
    const field = Math.floor(key / 8);
    const wire = key & 7;
    let value: Buffer | number;
    if (wire === 0) [value, pos] = readVarint(buf, pos);
    else if (wire === 2) {
      const [length, p2] = readVarint(buf, pos);
      value = buf.subarray(p2, p2 + length);
      pos = p2 + length;
    } else if (wire === 1) {
      value = buf.subarray(pos, pos + 8);
      pos += 8;
    } else if (wire === 5) {
      value = buf.subarray(pos, pos + 4);
      pos += 4;
    } else throw new Error(`unsupported wire type ${wire}`);
    const list = fields.get(field) ?? [];
    list.push(value);
    fields.set(field, list);
  }
  return fields;
}

function str(f: Fields, n: number): string | undefined {
  const v = f.get(n)?.[0];
  return Buffer.isBuffer(v) ? v.toString('utf8') : undefined;
}

function msg(f: Fields, n: number): Fields | undefined {
  const v = f.get(n)?.[0];
  return Buffer.isBuffer(v) ? readFields(v) : undefined;
}

function strings(f: Fields, names: Record<number, string>): JsonObject {
  const out: JsonObject = {};
  for (const [n, name] of Object.entries(names)) {
    const v = str(f, Number(n));
    if (v !== undefined && v !== '') out[name] = v;
  }
  return out;
}

function reviewSpec(kind: string, spec: Fields | undefined): JsonObject {
  if (!spec) return {};
  if (kind === 'SelfSubjectAccessReview') {
    const out: JsonObject = {};
    const ra = msg(spec, 1);
    const nra = msg(spec, 2);
    if (ra) out.resourceAttributes = strings(ra, { 1: 'namespace', 2: 'verb', 3: 'group', 4: 'version', 5: 'resource', 6: 'subresource', 7: 'name' });
    if (nra) out.nonResourceAttributes = strings(nra, { 1: 'path', 2: 'verb' });
    return out;
  }
  if (kind === 'SelfSubjectRulesReview') return strings(spec, { 1: 'namespace' });
  return {};
}

/** The envelope (runtime.Unknown): the kind it names and the raw object bytes. */
export function readEnvelope(body: Buffer): { kind?: string; apiVersion?: string; raw: Buffer } {
  if (body.length < 4 || !body.subarray(0, 4).equals(MAGIC)) throw new Error('missing the k8s protobuf envelope');
  const unknown = readFields(body.subarray(4));
  const typeMeta = msg(unknown, 1);
  const raw = unknown.get(2)?.[0];
  return { kind: typeMeta ? str(typeMeta, 2) : undefined, apiVersion: typeMeta ? str(typeMeta, 1) : undefined, raw: Buffer.isBuffer(raw) ? raw : Buffer.alloc(0) };
}

/** Decodes a protobuf-encoded review body into its JSON object form. */
export function decodeReviewProtobuf(body: Buffer, expectedKind: string, apiVersion: string): JsonObject {
  try {
    const { kind, raw } = readEnvelope(body);
    if (kind && kind !== expectedKind) throw new Error(`unexpected kind ${kind}`);
    const obj = readFields(raw);
    const metadata = msg(obj, 1);
    const out: JsonObject = { apiVersion, kind: expectedKind, metadata: metadata ? strings(metadata, { 1: 'name', 2: 'generateName', 3: 'namespace' }) : {} };
    if (expectedKind !== 'SelfSubjectReview') out.spec = reviewSpec(expectedKind, msg(obj, 2));
    return out;
  } catch (err) {
    throw new ApiError(statusError.badRequest(`the object provided is unrecognized (must be of type ${expectedKind}): ${err instanceof Error ? err.message : String(err)}`));
  }
}
