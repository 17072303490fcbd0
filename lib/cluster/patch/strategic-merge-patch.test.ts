import { describe, it, expect } from 'vitest';
import type { JsonObject } from '../../k8s/json';
import type { ArraySchema, ObjectSchema, Schema } from '../schema/types';
import { ApiError } from '../errors/api-error';
import { applyStrategicMergePatch, decodeStrategicPatch } from './strategic-merge-patch';

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer', format: 'int32' };
const obj = (name: string, properties: Record<string, Schema>): ObjectSchema => ({ type: 'object', name, properties });
const list = (items: Schema, extra: Partial<ArraySchema> = {}): ArraySchema => ({ type: 'array', items, ...extra });
const strMap: Schema = { type: 'map', values: str };

const envVar = obj('io.k8s.api.core.v1.EnvVar', { name: str, value: str });
const container = obj('io.k8s.api.core.v1.Container', {
  name: str,
  image: str,
  args: list(str),
  env: list(envVar, { patchStrategy: 'merge', patchMergeKey: 'name' }),
});
const servicePort = obj('io.k8s.api.core.v1.ServicePort', { name: str, port: int, targetPort: { type: 'int-or-string' }, nodePort: int, protocol: str });
const item = obj('io.example.Item', { a: str });

const schema: ObjectSchema = obj('io.k8s.api.core.v1.Service', {
  apiVersion: str,
  kind: str,
  metadata: obj('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', {
    name: str,
    labels: strMap,
    annotations: strMap,
    finalizers: list(str, { patchStrategy: 'merge' }),
    ownerReferences: list(obj('io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference', { uid: str, name: str, kind: str }), {
      patchStrategy: 'merge',
      patchMergeKey: 'uid',
    }),
  }),
  spec: obj('io.k8s.api.core.v1.ServiceSpec', {
    type: str,
    selector: strMap,
    externalIPs: list(str),
    ports: list(servicePort, { patchStrategy: 'merge', patchMergeKey: 'port', listType: 'map', listMapKeys: ['port', 'protocol'] }),
    containers: list(container, { patchStrategy: 'merge', patchMergeKey: 'name' }),
    items: list(item, { patchStrategy: 'merge' }),
    strategy: obj('io.example.Strategy', { type: str, rollingUpdate: obj('io.example.RollingUpdate', { maxSurge: int }) }),
    sessionAffinityConfig: obj('io.k8s.api.core.v1.SessionAffinityConfig', {
      clientIP: obj('io.k8s.api.core.v1.ClientIPConfig', { timeoutSeconds: int, x: int }),
    }),
    matrix: list(list(int), { patchStrategy: 'merge' }),
  }),
});

function base(): JsonObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', labels: { app: 'web', tier: 'front' }, finalizers: ['a', 'b'], ownerReferences: [{ uid: 'u1', name: 'o1', kind: 'X' }] },
    spec: {
      type: 'ClusterIP',
      selector: { app: 'web', tier: 'front' },
      externalIPs: ['192.0.2.1', '192.0.2.2'],
      ports: [
        { name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' },
        { name: 'https', port: 443, targetPort: 8443, protocol: 'TCP' },
      ],
      containers: [{ name: 'app', image: 'app:1', args: ['-v'], env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] }],
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
      items: [{ a: 'x' }],
    },
  };
}

const spec = (doc: JsonObject) => doc.spec as JsonObject;
const meta = (doc: JsonObject) => doc.metadata as JsonObject;
const ports = (doc: JsonObject) => (spec(doc).ports as JsonObject[]).map((p) => p.port);
const patch = (p: JsonObject) => applyStrategicMergePatch(base(), p, schema);

describe('applyStrategicMergePatch: merging', () => {
  it('merges Service ports on their port key', () => {
    const out = patch({ spec: { ports: [{ port: 443, targetPort: 9443 }] } });
    expect(spec(out).ports).toEqual([
      { name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' },
      { name: 'https', port: 443, targetPort: 9443, protocol: 'TCP' },
    ]);
  });

  it('puts new list items before server-only ones (no $setElementOrder)', () => {
    expect(ports(patch({ spec: { ports: [{ port: 8080, name: 'metrics' }] } }))).toEqual([8080, 80, 443]);
  });

  it('keeps patch order for items the patch mentions, live order for the rest', () => {
    expect(ports(patch({ spec: { ports: [{ port: 443 }, { port: 80 }] } }))).toEqual([443, 80]);
  });

  it('deletes list elements with $patch: delete', () => {
    expect(ports(patch({ spec: { ports: [{ port: 443, $patch: 'delete' }] } }))).toEqual([80]);
  });

  it('replaces the list with $patch: replace', () => {
    expect(spec(patch({ spec: { ports: [{ $patch: 'replace' }, { port: 9, name: 'x' }] } })).ports).toEqual([{ port: 9, name: 'x' }]);
  });

  it('merges nested lists inside merged elements', () => {
    const out = patch({ spec: { containers: [{ name: 'app', image: 'app:2', env: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }] }] } });
    expect(spec(out).containers).toEqual([
      { name: 'app', image: 'app:2', args: ['-v'], env: [{ name: 'A', value: '1' }, { name: 'B', value: '3' }, { name: 'C', value: '4' }] },
    ]);
  });

  it('replaces lists without a merge strategy', () => {
    expect(spec(patch({ spec: { externalIPs: ['198.51.100.1'] } })).externalIPs).toEqual(['198.51.100.1']);
    expect((spec(patch({ spec: { containers: [{ name: 'app', args: ['-q'] }] } })).containers as JsonObject[])[0].args).toEqual(['-q']);
  });

  it('merges primitive lists with the merge strategy as a de-duplicated union', () => {
    expect(meta(patch({ metadata: { finalizers: ['c', 'a'] } })).finalizers).toEqual(['c', 'a', 'b']);
  });

  it('deletes from primitive lists with $deleteFromPrimitiveList', () => {
    expect(meta(patch({ metadata: { '$deleteFromPrimitiveList/finalizers': ['a', 'zz'] } })).finalizers).toEqual(['b']);
    expect(meta(patch({ metadata: { '$deleteFromPrimitiveList/missing': ['a'] } })).missing).toBeUndefined();
  });

  it('merges maps, deleting keys set to null', () => {
    expect(spec(patch({ spec: { selector: { tier: null, role: 'db' } } })).selector).toEqual({ app: 'web', role: 'db' });
    expect(meta(patch({ metadata: { labels: { app: 'api' } } })).labels).toEqual({ app: 'api', tier: 'front' });
  });

  it('replaces and deletes maps with $patch', () => {
    expect(spec(patch({ spec: { selector: { $patch: 'replace', x: '1' } } })).selector).toEqual({ x: '1' });
    expect(spec(patch({ spec: { selector: { $patch: 'delete' } } })).selector).toEqual({});
    expect(patch({ $patch: 'replace', kind: 'Service' })).toEqual({ kind: 'Service' });
  });

  it('deletes fields set to null and ignores nulls for absent fields', () => {
    const out = patch({ spec: { externalIPs: null, loadBalancerIP: null } });
    expect(spec(out).externalIPs).toBeUndefined();
    expect('loadBalancerIP' in spec(out)).toBe(false);
  });

  it('drops nulls inside newly added values', () => {
    const out = patch({ spec: { sessionAffinityConfig: { clientIP: { timeoutSeconds: null, x: 1 } } } });
    expect(spec(out).sessionAffinityConfig).toEqual({ clientIP: { x: 1 } });
  });

  it('replaces values of a different type', () => {
    expect(spec(patch({ spec: { selector: 'x' } })).selector).toBe('x');
    expect(spec(patch({ spec: { type: 'NodePort' } })).type).toBe('NodePort');
  });

  it('merges ownerReferences on uid', () => {
    const out = patch({ metadata: { ownerReferences: [{ uid: 'u2', name: 'o2', kind: 'Y' }, { uid: 'u1', name: 'renamed' }] } });
    expect(meta(out).ownerReferences).toEqual([
      { uid: 'u2', name: 'o2', kind: 'Y' },
      { uid: 'u1', name: 'renamed', kind: 'X' },
    ]);
  });

  it('applies $retainKeys', () => {
    expect(spec(patch({ spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } })).strategy).toEqual({ type: 'Recreate' });
  });

  it('does not modify its inputs', () => {
    const doc = base();
    const p = { spec: { ports: [{ port: 443, $patch: 'delete' }] } };
    const before = [JSON.stringify(doc), JSON.stringify(p)];
    applyStrategicMergePatch(doc, p, schema);
    expect([JSON.stringify(doc), JSON.stringify(p)]).toEqual(before);
  });
});

describe('applyStrategicMergePatch: $setElementOrder', () => {
  it('reorders a list without changing it', () => {
    expect(ports(patch({ spec: { '$setElementOrder/ports': [{ port: 443 }, { port: 80 }] } }))).toEqual([443, 80]);
  });
  it('places added items where the order list says', () => {
    expect(ports(patch({ spec: { '$setElementOrder/ports': [{ port: 80 }, { port: 8080 }, { port: 443 }], ports: [{ port: 8080 }] } }))).toEqual([80, 8080, 443]);
  });
  it('orders primitive lists', () => {
    expect(meta(patch({ metadata: { '$setElementOrder/finalizers': ['b', 'c', 'a'], finalizers: ['c'] } })).finalizers).toEqual(['b', 'c', 'a']);
  });
  it('orders a list that did not exist, and skips one absent on both sides', () => {
    const doc = base();
    delete meta(doc).finalizers;
    delete meta(doc).ownerReferences;
    const out = applyStrategicMergePatch(doc, { metadata: { '$setElementOrder/finalizers': ['w', 'x', 'y'], finalizers: ['x', 'y'], '$setElementOrder/ownerReferences': [] } }, schema);
    expect(meta(out).finalizers).toEqual(['x', 'y']);
    expect('ownerReferences' in meta(out)).toBe(false);
    expect(Object.keys(meta(out)).filter((k) => k.startsWith('$'))).toEqual([]);
  });
});

function statusOf(p: JsonObject): { code?: number; reason?: string; message?: string; cause?: string } {
  try {
    patch(p);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const out: { code?: number; reason?: string; message?: string; cause?: string } = { code: e.status.code, reason: e.status.reason, message: e.status.message };
    if (e.cause instanceof Error) out.cause = e.cause.message;
    return out;
  }
  throw new Error('expected an ApiError');
}

describe('applyStrategicMergePatch: errors', () => {
  const internal: [string, JsonObject, string][] = [
    ['a list element without its merge key', { spec: { ports: [{ name: 'x' }] } }, 'map: map[name:x] does not contain declared merge key: port'],
    ['a delete directive without the merge key', { spec: { ports: [{ $patch: 'delete', name: 'x' }] } }, 'map: map[$patch:delete name:x] does not contain declared merge key: port'],
    ['$patch: merge in a list', { spec: { ports: [{ $patch: 'merge' }] } }, 'merging lists cannot yet be specified in the patch'],
    ['an unknown $patch in a list', { spec: { ports: [{ $patch: 'nope', port: 1 }] } }, 'unknown patch type: nope in map: map[$patch:nope port:1]'],
    ['an unknown $patch in a map', { spec: { selector: { $patch: 'foo', a: 'b' } } }, 'unknown patch type: foo in map: map[$patch:foo a:b]'],
    ['an unknown field present on both sides', { spec: { strategy: { rollingUpdate: { maxSurge: 2 }, nope: {} } }, metadata: {} }, ''],
    ['a merge list of maps without a merge key', { spec: { items: [{ a: 'y' }] } }, 'cannot merge lists without merge key for Item'],
    ['mixed element types', { metadata: { finalizers: [1] } }, 'list element types are not identical: [[a b] [1]]'],
    ['$setElementOrder that is not a list', { spec: { '$setElementOrder/ports': 'x' } }, 'expected a slice, but received a string'],
    [
      '$setElementOrder that does not match the patch list',
      { spec: { '$setElementOrder/ports': [{ port: 80 }], ports: [{ port: 8080 }] } },
      "The order in patch list:\n[map[port:8080]]\n doesn't match $setElementOrder list:\n[map[port:80]]\n",
    ],
  ];
  it.each(internal.filter(([, , m]) => m !== ''))('%s → 500', (_name, p, message) => {
    expect(statusOf(p)).toEqual({ code: 500, reason: '', message });
  });

  it('an unknown field present on both sides → 500 naming the struct', () => {
    const doc = base();
    (spec(doc).strategy as JsonObject).extra = { a: 1 };
    try {
      applyStrategicMergePatch(doc, { spec: { strategy: { extra: { a: 2 } } } }, schema);
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).status.message).toBe('unable to find api field in struct Strategy for the json field "extra"');
      expect((e as ApiError).code).toBe(500);
    }
  });

  const badRequest: [string, JsonObject, string][] = [
    ['$retainKeys not covering the patch', { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: { maxSurge: 2 } } } }, 'invalid patch format of retainKeys'],
    ['$retainKeys that is not a list', { spec: { strategy: { $retainKeys: 'type' } } }, 'invalid patch format of retainKeys'],
    ['$deleteFromPrimitiveList without a field', { metadata: { $deleteFromPrimitiveList: ['a'] } }, 'invalid patch format of primitive list'],
  ];
  it.each(badRequest)('%s → 400', (_name, p, message) => {
    expect(statusOf(p)).toEqual({ code: 400, reason: 'BadRequest', message });
  });

  it('lists of lists → 422', () => {
    const doc = base();
    meta(doc).finalizers = [['x']];
    try {
      applyStrategicMergePatch(doc, { metadata: { finalizers: [['y']] } }, schema);
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).status).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'the server rejected our request due to an error in our request',
        reason: 'Invalid',
        details: {},
        code: 422,
      });
      expect(((e as ApiError).cause as Error).message).toBe('lists of lists are not supported');
    }
  });
});

describe('decodeStrategicPatch', () => {
  it('accepts objects and null', () => {
    expect(decodeStrategicPatch({ a: 1 })).toEqual({ a: 1 });
    expect(decodeStrategicPatch(null)).toEqual({});
  });
  it.each([
    [[], 'array'],
    ['x', 'string'],
    [5, 'number'],
    [true, 'bool'],
  ])('refuses %j with 400', (value, kind) => {
    try {
      decodeStrategicPatch(value);
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).status.message).toBe(`json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`);
      expect((e as ApiError).code).toBe(400);
    }
  });
});
