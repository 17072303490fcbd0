/**
 * The gnostic protobuf encoding of an OpenAPI v2 document (`openapi_v2.Document`, google/gnostic
 * openapiv2/OpenAPIv2.proto), what kube-apiserver serves at `/openapi/v2` for
 * `Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf`. client-go's
 * `OpenAPISchema()` only ever asks for this form (kubectl's client-side validation of `kind: List`
 * files, `kubectl explain` fallbacks). Encoded: swagger, info and every definition (the models
 * kubectl builds); paths are not (no client reads them from the protobuf form). Pure.
 */

export const OPENAPI_V2_PROTOBUF_CONTENT_TYPE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/** True when an Accept header asks for the protobuf form before (or instead of) JSON. */
export function acceptsOpenApiV2Protobuf(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const part of accept.split(',')) {
    const type = part.split(';')[0].trim().toLowerCase();
    if (type === 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' || type === OPENAPI_V2_PROTOBUF_CONTENT_TYPE) return true;
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return false;
  }
  return false;
}

/** A protobuf message under construction: fields appended in order. */
class Message {
  private readonly parts: Buffer[] = [];

  private key(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  private varint(n: number): void {
    const bytes: number[] = [];
    let v = n;
    while (v > 0x7f) {
      bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    bytes.push(v);
    this.parts.push(Buffer.from(bytes));
  }

  string(field: number, value: string | undefined): this {
    if (value === undefined || value === '') return this;
    return this.bytes(field, Buffer.from(value, 'utf8'));
  }

  bytes(field: number, value: Buffer): this {
    this.key(field, 2);
    this.varint(value.length);
    this.parts.push(value);
    return this;
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.toBuffer());
  }

  bool(field: number, value: boolean): this {
    if (!value) return this;
    this.key(field, 0);
    this.varint(1);
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** gnostic `Any`: the value as YAML text (JSON is YAML). */
function anyValue(value: Json): Message {
  return new Message().string(2, `${JSON.stringify(value)}\n`);
}

function namedAny(name: string, value: Json): Message {
  return new Message().string(1, name).message(2, anyValue(value));
}

function namedSchema(name: string, schema: Json): Message {
  return new Message().string(1, name).message(2, encodeSchema(schema));
}

/** openapi_v2.Schema: the JSON Schema keywords our documents use, plus every `x-` extension. */
function encodeSchema(schema: Json): Message {
  const m = new Message();
  if (!isObject(schema)) return m;
  const str = (k: string) => (typeof schema[k] === 'string' ? (schema[k] as string) : undefined);
  m.string(1, str('$ref'));
  m.string(2, str('format'));
  m.string(3, str('title'));
  m.string(4, str('description'));
  if ('default' in schema) m.message(5, anyValue(schema.default));
  if (Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === 'string') m.string(19, r);
  if (Array.isArray(schema.enum)) for (const e of schema.enum) m.message(20, anyValue(e));
  const additional = schema.additionalProperties;
  if (typeof additional === 'boolean') m.message(21, new Message().bool(2, additional));
  else if (isObject(additional)) m.message(21, new Message().message(1, encodeSchema(additional)));
  const type = schema.type;
  if (typeof type === 'string') m.message(22, new Message().string(1, type));
  else if (Array.isArray(type)) m.message(22, type.reduce((t, v) => (typeof v === 'string' ? t.string(1, v) : t), new Message()));
  const items = schema.items;
  if (isObject(items)) m.message(23, new Message().message(1, encodeSchema(items)));
  else if (Array.isArray(items)) m.message(23, items.reduce((t, v) => t.message(1, encodeSchema(v)), new Message()));
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) m.message(24, encodeSchema(s));
  if (isObject(schema.properties)) {
    const props = new Message();
    for (const [name, s] of Object.entries(schema.properties)) props.message(1, namedSchema(name, s));
    m.message(25, props);
  }
  if (schema.readOnly === true) m.bool(27, true);
  for (const [name, value] of Object.entries(schema)) if (name.startsWith('x-')) m.message(31, namedAny(name, value));
  return m;
}

/** Encodes an OpenAPI v2 document (as served in JSON) into gnostic protobuf bytes. */
export function encodeOpenApiV2Protobuf(doc: unknown): Buffer {
  const m = new Message();
  if (!isObject(doc)) return m.toBuffer();
  if (typeof doc.swagger === 'string') m.string(1, doc.swagger);
  if (isObject(doc.info)) {
    const info = new Message();
    if (typeof doc.info.title === 'string') info.string(1, doc.info.title);
    if (typeof doc.info.version === 'string') info.string(2, doc.info.version);
    m.message(2, info);
  }
  if (isObject(doc.definitions)) {
    const defs = new Message();
    for (const [name, s] of Object.entries(doc.definitions)) defs.message(1, namedSchema(name, s));
    m.message(9, defs);
  }
  return m.toBuffer();
}
