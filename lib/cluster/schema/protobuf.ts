/**
 * Decoding of Kubernetes protobuf request bodies (`application/vnd.kubernetes.protobuf`) into the
 * JSON form, driven by the schemas and the field numbers in proto-fields.ts. kubectl's typed
 * clients (`create namespace`, `create service`, `auth can-i`, `auth whoami`) send their bodies
 * this way. Pure.
 *
 * Wire format: the 4-byte magic `k8s\0`, then a runtime.Unknown message
 * { typeMeta = 1 { apiVersion = 1, kind = 2 }, raw = 2, contentEncoding = 3, contentType = 4 }
 * whose `raw` bytes are the object's own message.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import { schemaForKind } from './index';
import { PROTO_FIELDS, type ProtoField } from './proto-fields';
import type { ObjectSchema, Schema } from './types';

export const PROTOBUF_CONTENT_TYPE = 'application/vnd.kubernetes.protobuf';
const MAGIC = [0x6b, 0x38, 0x73, 0x00];

export class ProtobufDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtobufDecodeError';
  }
}

interface WireField {
  field: number;
  wireType: number;
  /** varint value (wire type 0) */
  varint?: bigint;
  /** length-delimited bytes (wire type 2) */
  bytes?: Uint8Array;
}

function readVarint(buf: Uint8Array, pos: { at: number }): bigint {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    if (pos.at >= buf.length) throw new ProtobufDecodeError('truncated varint');
    const b = buf[pos.at++];
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return result;
    shift += 7n;
    if (shift > 63n) throw new ProtobufDecodeError('varint too long');
  }
}

/** Splits a message into its fields, in wire order. */
export function readFields(buf: Uint8Array): WireField[] {
  const out: WireField[] = [];
  const pos = { at: 0 };
  while (pos.at < buf.length) {
    const key = readVarint(buf, pos);
    const field = Number(key >> 3n);
    const wireType = Number(key & 7n);
    if (wireType === 0) out.push({ field, wireType, varint: readVarint(buf, pos) });
    else if (wireType === 2) {
      const len = Number(readVarint(buf, pos));
      if (pos.at + len > buf.length) throw new ProtobufDecodeError('truncated field');
      out.push({ field, wireType, bytes: buf.subarray(pos.at, pos.at + len) });
      pos.at += len;
    } else if (wireType === 1) pos.at += 8;
    else if (wireType === 5) pos.at += 4;
    else throw new ProtobufDecodeError(`unsupported wire type ${wireType}`);
  }
  return out;
}

const text = (b: Uint8Array | undefined): string => new TextDecoder().decode(b ?? new Uint8Array());

function intOf(f: WireField, format: string | undefined): number {
  const v = f.varint ?? 0n;
  return Number(format === 'int64' ? BigInt.asIntN(64, v) : BigInt.asIntN(32, v));
}

/** metav1.Time { seconds = 1, nanos = 2 } → RFC 3339 in UTC, seconds precision; undefined for the zero time. */
function decodeTime(bytes: Uint8Array | undefined): string | undefined {
  let seconds = 0n;
  for (const f of readFields(bytes ?? new Uint8Array())) if (f.field === 1) seconds = BigInt.asIntN(64, f.varint ?? 0n);
  if (seconds === 0n) return undefined;
  return new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** intstr.IntOrString { type = 1, intVal = 2, strVal = 3 }; undefined for the zero value. */
function decodeIntOrString(bytes: Uint8Array | undefined): number | string | undefined {
  let type = 0;
  let intVal = 0;
  let strVal = '';
  for (const f of readFields(bytes ?? new Uint8Array())) {
    if (f.field === 1) type = Number(f.varint ?? 0n);
    else if (f.field === 2) intVal = Number(BigInt.asIntN(32, f.varint ?? 0n));
    else if (f.field === 3) strVal = text(f.bytes);
  }
  if (type === 1) return strVal;
  return intVal === 0 ? undefined : intVal;
}

function firstString(bytes: Uint8Array | undefined): string {
  const f = readFields(bytes ?? new Uint8Array()).find((x) => x.field === 1);
  return text(f?.bytes);
}

/** A single (non-repeated) value of `schema` from one wire field. */
function decodeValue(f: WireField, schema: Schema): JsonValue | undefined {
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date-time') return decodeTime(f.bytes);
      if (schema.format === 'quantity') return firstString(f.bytes);
      return text(f.bytes);
    case 'integer':
    case 'number':
      return intOf(f, schema.format);
    case 'boolean':
      return (f.varint ?? 0n) !== 0n;
    case 'int-or-string':
      return decodeIntOrString(f.bytes);
    case 'any': {
      // FieldsV1 { raw = 1 } holding JSON.
      const raw = readFields(f.bytes ?? new Uint8Array()).find((x) => x.field === 1);
      if (!raw?.bytes) return {};
      try {
        return JSON.parse(text(raw.bytes)) as JsonValue;
      } catch {
        throw new ProtobufDecodeError('invalid FieldsV1 JSON');
      }
    }
    case 'object':
      return decodeMessage(f.bytes ?? new Uint8Array(), schema);
    default:
      return undefined;
  }
}

function isZero(v: JsonValue | undefined): boolean {
  return v === undefined || v === '' || v === 0 || v === false;
}

/** Decodes one message of type `schema` (which must have proto field numbers). */
export function decodeMessage(buf: Uint8Array, schema: ObjectSchema): JsonObject {
  const numbers = schema.name ? PROTO_FIELDS[schema.name] : undefined;
  if (!numbers) throw new ProtobufDecodeError(`no protobuf mapping for ${schema.name ?? 'an inline object'}`);
  const byNumber = new Map<number, { name: string; pointer: boolean }>();
  for (const [name, spec] of Object.entries(numbers) as [string, ProtoField][]) {
    byNumber.set(typeof spec === 'number' ? spec : spec[0], { name, pointer: typeof spec !== 'number' });
  }
  const out: JsonObject = {};
  for (const f of readFields(buf)) {
    const target = byNumber.get(f.field);
    if (!target) continue; // unknown or newer field: ignored, as an older server would
    const fieldSchema = schema.properties[target.name];
    if (!fieldSchema) continue;
    if (fieldSchema.type === 'array') {
      const list = (out[target.name] as JsonValue[] | undefined) ?? [];
      const items = fieldSchema.items;
      if (f.wireType === 2 && (items.type === 'integer' || items.type === 'boolean')) {
        for (const packed of readFields(prefixPacked(f))) list.push(decodeValue(packed, items) ?? 0);
      } else {
        const v = decodeValue(f, items);
        if (v !== undefined) list.push(v);
      }
      out[target.name] = list;
    } else if (fieldSchema.type === 'map') {
      const map = (out[target.name] as JsonObject | undefined) ?? {};
      let key = '';
      let value: JsonValue | undefined;
      for (const e of readFields(f.bytes ?? new Uint8Array())) {
        if (e.field === 1) key = text(e.bytes);
        else if (e.field === 2) {
          // map<string, ExtraValue>: a message whose field 1 repeats the strings.
          value =
            fieldSchema.values.type === 'array'
              ? readFields(e.bytes ?? new Uint8Array()).filter((x) => x.field === 1).map((x) => text(x.bytes))
              : decodeValue(e, fieldSchema.values);
        }
      }
      map[key] = value ?? (fieldSchema.values.type === 'array' ? [] : '');
      out[target.name] = map;
    } else {
      const v = decodeValue(f, fieldSchema);
      if (v === undefined) continue;
      if (!target.pointer && fieldSchema.type !== 'object' && isZero(v)) continue;
      out[target.name] = v;
    }
  }
  return out;
}

/** Re-frames a packed run of varints as consecutive field-1 varints so readFields can split it. */
function prefixPacked(f: WireField): Uint8Array {
  const src = f.bytes ?? new Uint8Array();
  const out: number[] = [];
  let i = 0;
  while (i < src.length) {
    out.push(0x08);
    while (src[i] & 0x80) out.push(src[i++]);
    out.push(src[i++]);
  }
  return Uint8Array.from(out);
}

export function isProtobufContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === PROTOBUF_CONTENT_TYPE;
}

/** The `k8s\0` envelope (runtime.Unknown): the apiVersion and kind it names and the object's own bytes. */
export function readProtobufEnvelope(body: Uint8Array): { apiVersion: string; kind: string; raw: Uint8Array } {
  if (body.length < 4 || MAGIC.some((b, i) => body[i] !== b)) throw new ProtobufDecodeError('missing the k8s protobuf envelope');
  let apiVersion = '';
  let kind = '';
  let raw: Uint8Array = new Uint8Array();
  for (const f of readFields(body.subarray(4))) {
    if (f.field === 1) {
      for (const t of readFields(f.bytes ?? new Uint8Array())) {
        if (t.field === 1) apiVersion = text(t.bytes);
        else if (t.field === 2) kind = text(t.bytes);
      }
    } else if (f.field === 2) raw = f.bytes ?? new Uint8Array();
  }
  return { apiVersion, kind, raw };
}

/**
 * A protobuf request body → the JSON object (with apiVersion and kind from the envelope).
 * Throws ProtobufDecodeError for malformed bodies and for kinds without a protobuf mapping
 * (answer 415 Unsupported Media Type, or 400 for malformed ones).
 */
export function decodeProtobufObject(body: Uint8Array): JsonObject {
  const { apiVersion, kind, raw } = readProtobufEnvelope(body);
  const schema = schemaForKind(apiVersion, kind);
  if (!schema) throw new ProtobufDecodeError(`no protobuf mapping for ${apiVersion}, Kind=${kind}`);
  return { apiVersion, kind, ...decodeMessage(raw, schema) };
}

/** Whether `decodeMessage` can decode objects of this schema (it has protobuf field numbers). */
export function hasProtobufMapping(schema: ObjectSchema): boolean {
  return schema.name !== undefined && PROTO_FIELDS[schema.name] !== undefined;
}
