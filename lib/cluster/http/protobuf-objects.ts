/**
 * Protobuf bodies of the objects kubectl's typed clients create (`kubectl create namespace`,
 * `kubectl create service ...`): Namespace and Service, with the field numbers of k8s.io/api's
 * generated.proto, decoded into their JSON form. Fields we do not know are skipped.
 */
import type { JsonObject, JsonValue } from '../../k8s/json';
import { readFields } from './protobuf';

type FieldKind =
  | 'string'
  | 'int'
  | 'bool'
  | 'strings'
  | 'map'
  | 'intstr'
  | { message: Descriptor }
  | { messages: Descriptor };

type Descriptor = Record<number, [string, FieldKind]>;

const OBJECT_META: Descriptor = {
  1: ['name', 'string'],
  2: ['generateName', 'string'],
  3: ['namespace', 'string'],
  5: ['uid', 'string'],
  6: ['resourceVersion', 'string'],
  7: ['generation', 'int'],
  11: ['labels', 'map'],
  12: ['annotations', 'map'],
  14: ['finalizers', 'strings'],
};

const SERVICE_PORT: Descriptor = {
  1: ['name', 'string'],
  2: ['protocol', 'string'],
  3: ['port', 'int'],
  4: ['targetPort', 'intstr'],
  5: ['nodePort', 'int'],
  6: ['appProtocol', 'string'],
};

const SERVICE_SPEC: Descriptor = {
  1: ['ports', { messages: SERVICE_PORT }],
  2: ['selector', 'map'],
  3: ['clusterIP', 'string'],
  4: ['type', 'string'],
  5: ['externalIPs', 'strings'],
  7: ['sessionAffinity', 'string'],
  8: ['loadBalancerIP', 'string'],
  9: ['loadBalancerSourceRanges', 'strings'],
  10: ['externalName', 'string'],
  11: ['externalTrafficPolicy', 'string'],
  12: ['healthCheckNodePort', 'int'],
  13: ['publishNotReadyAddresses', 'bool'],
  14: ['sessionAffinityConfig', { message: { 1: ['clientIP', { message: { 1: ['timeoutSeconds', 'int'] } }] } }],
  17: ['ipFamilyPolicy', 'string'],
  18: ['clusterIPs', 'strings'],
  19: ['ipFamilies', 'strings'],
  20: ['allocateLoadBalancerNodePorts', 'bool'],
  21: ['loadBalancerClass', 'string'],
  22: ['internalTrafficPolicy', 'string'],
  23: ['trafficDistribution', 'string'],
};

const KINDS: Record<string, Descriptor> = {
  Namespace: { 1: ['metadata', { message: OBJECT_META }], 2: ['spec', { message: { 1: ['finalizers', 'strings'] } }] },
  Service: { 1: ['metadata', { message: OBJECT_META }], 2: ['spec', { message: SERVICE_SPEC }] },
};

export function protobufKinds(): string[] {
  return Object.keys(KINDS);
}

/** Optional (pointer) fields: their zero value means something, so it is kept. */
const POINTER_FIELDS = new Set(['allocateLoadBalancerNodePorts', 'timeoutSeconds']);

/** gogo-protobuf writes every non-pointer field; Go's JSON omits their zero values (omitempty). */
function isZero(value: JsonValue): boolean {
  return value === '' || value === 0 || value === false;
}

function toInt(v: number): number {
  // int32/int64 varints of negative numbers are 64-bit two's complement.
  return v >= 2 ** 63 ? v - 2 ** 64 : v;
}

function decodeMessage(buf: Buffer, desc: Descriptor): JsonObject {
  const out: JsonObject = {};
  for (const [num, values] of readFields(buf)) {
    const entry = desc[num];
    if (!entry) continue;
    const [name, kind] = entry;
    const first = values[0];
    const asText = (v: Buffer | number): string => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v));
    let value: JsonValue | undefined;
    if (kind === 'string') value = asText(values[values.length - 1]);
    else if (kind === 'int') value = typeof first === 'number' ? toInt(first) : undefined;
    else if (kind === 'bool') value = first === 1;
    else if (kind === 'strings') value = values.map(asText);
    else if (kind === 'map') {
      const map: JsonObject = {};
      for (const v of values) {
        if (!Buffer.isBuffer(v)) continue;
        const kv = readFields(v);
        const k = kv.get(1)?.[0];
        const val = kv.get(2)?.[0];
        map[k === undefined ? '' : asText(k)] = val === undefined ? '' : asText(val);
      }
      value = map;
    } else if (kind === 'intstr') {
      if (Buffer.isBuffer(first)) {
        const f = readFields(first);
        const type = f.get(1)?.[0] ?? 0;
        const sv = f.get(3)?.[0];
        value = type === 1 ? (sv === undefined ? '' : asText(sv)) : toInt(Number(f.get(2)?.[0] ?? 0));
      }
    } else if ('message' in kind) value = Buffer.isBuffer(first) ? decodeMessage(first, kind.message) : undefined;
    else value = values.filter(Buffer.isBuffer).map((v) => decodeMessage(v, kind.messages));
    if (value === undefined || name === '__proto__') continue;
    if (isZero(value) && !POINTER_FIELDS.has(name) && kind !== 'intstr') continue;
    out[name] = value;
  }
  return out;
}

/** The JSON form of a protobuf-encoded `kind` (the bytes inside the runtime.Unknown envelope). */
export function decodeObjectProtobuf(raw: Buffer, kind: string): JsonObject | undefined {
  const desc = KINDS[kind];
  return desc ? decodeMessage(raw, desc) : undefined;
}
