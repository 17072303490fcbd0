import { describe, it, expect } from 'vitest';
import type { JsonValue } from '../../k8s/json';
import { ApiError } from '../errors/api-error';
import { applyJsonPatch } from './json-patch';

const svc = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', labels: { app: 'web', 'a/b': 'x', 'c~d': 'y' }, annotations: { note: null } },
  spec: { ports: [{ port: 80 }, { port: 443 }], selector: { app: 'web' }, type: 'ClusterIP' },
} as unknown as JsonValue;

function failure(fn: () => unknown): { status: unknown; cause?: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, cause: e.cause instanceof Error ? e.cause.message : undefined };
    throw e;
  }
  throw new Error('expected an ApiError');
}

const UNPROCESSABLE = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'the server rejected our request due to an error in our request',
  reason: 'Invalid',
  details: {},
  code: 422,
};

describe('applyJsonPatch: operations', () => {
  const get = (v: unknown, ...path: (string | number)[]): unknown =>
    path.reduce<unknown>((acc, k) => (typeof acc === 'object' && acc !== null ? (acc as Record<string | number, unknown>)[k] : undefined), v);
  const cases: [string, unknown[], (doc: unknown) => unknown, unknown][] = [
    ['add object key', [{ op: 'add', path: '/metadata/labels/tier', value: 'front' }], (d) => get(d, 'metadata', 'labels', 'tier'), 'front'],
    ['add replaces an existing key', [{ op: 'add', path: '/spec/type', value: 'NodePort' }], (d) => get(d, 'spec', 'type'), 'NodePort'],
    ['add appends with -', [{ op: 'add', path: '/spec/ports/-', value: { port: 8080 } }], (d) => get(d, 'spec', 'ports'), [{ port: 80 }, { port: 443 }, { port: 8080 }]],
    ['add inserts at an index', [{ op: 'add', path: '/spec/ports/0', value: { port: 1 } }], (d) => get(d, 'spec', 'ports'), [{ port: 1 }, { port: 80 }, { port: 443 }]],
    ['add at len appends', [{ op: 'add', path: '/spec/ports/2', value: { port: 2 } }], (d) => get(d, 'spec', 'ports', 'length'), 3],
    ['add at -1 appends (negative indices)', [{ op: 'add', path: '/spec/ports/-1', value: { port: 9 } }], (d) => get(d, 'spec', 'ports', 2, 'port'), 9],
    ['add without value sets null', [{ op: 'add', path: '/spec/x' }], (d) => get(d, 'spec', 'x'), null],
    ['escaped keys ~1 and ~0', [{ op: 'replace', path: '/metadata/labels/a~1b', value: 'z' }, { op: 'remove', path: '/metadata/labels/c~0d' }], (d) => get(d, 'metadata', 'labels'), { app: 'web', 'a/b': 'z' }],
    ['remove object key', [{ op: 'remove', path: '/spec/selector' }], (d) => get(d, 'spec', 'selector'), undefined],
    ['remove array element', [{ op: 'remove', path: '/spec/ports/0' }], (d) => get(d, 'spec', 'ports'), [{ port: 443 }]],
    ['remove with negative index', [{ op: 'remove', path: '/spec/ports/-1' }], (d) => get(d, 'spec', 'ports'), [{ port: 80 }]],
    ['remove a null-valued key', [{ op: 'remove', path: '/metadata/annotations/note' }], (d) => get(d, 'metadata', 'annotations'), {}],
    ['replace', [{ op: 'replace', path: '/spec/ports/1/port', value: 8443 }], (d) => get(d, 'spec', 'ports', 1, 'port'), 8443],
    ['replace of a missing object key adds it (json-patch v4)', [{ op: 'replace', path: '/spec/clusterIP', value: 'None' }], (d) => get(d, 'spec', 'clusterIP'), 'None'],
    ['move', [{ op: 'move', from: '/spec/selector', path: '/metadata/annotations/sel' }], (d) => [get(d, 'spec', 'selector'), get(d, 'metadata', 'annotations', 'sel')], [undefined, { app: 'web' }]],
    ['copy', [{ op: 'copy', from: '/spec/ports/0', path: '/spec/ports/-' }], (d) => get(d, 'spec', 'ports'), [{ port: 80 }, { port: 443 }, { port: 80 }]],
    ['test passes then replace', [{ op: 'test', path: '/spec/type', value: 'ClusterIP' }, { op: 'replace', path: '/spec/type', value: 'NodePort' }], (d) => get(d, 'spec', 'type'), 'NodePort'],
    ['test deep equality ignores key order', [{ op: 'test', path: '/spec', value: { type: 'ClusterIP', selector: { app: 'web' }, ports: [{ port: 80 }, { port: 443 }] } }], (d) => get(d, 'spec', 'type'), 'ClusterIP'],
    ['test of a missing key against null passes', [{ op: 'test', path: '/spec/missing', value: null }], (d) => get(d, 'spec', 'missing'), undefined],
    ['replace the whole document', [{ op: 'replace', path: '', value: { a: 1 } }], (d) => d, { a: 1 }],
    ['replace the whole document with a scalar does nothing', [{ op: 'replace', path: '', value: 5 }], (d) => get(d, 'kind'), 'Service'],
    ['path without a leading slash addresses the root', [{ op: 'add', path: 'x/y', value: 1 }], (d) => get(d, 'y'), 1],
    ['empty patch', [], (d) => get(d, 'kind'), 'Service'],
  ];
  it.each(cases)('%s', (_name, patch, pick, expected) => {
    const out = applyJsonPatch(svc, patch);
    expect(pick(out)).toEqual(expected);
  });

  it('does not modify its inputs', () => {
    const before = JSON.stringify(svc);
    const patch = [{ op: 'add', path: '/spec/ports/-', value: { port: 1 } }];
    applyJsonPatch(svc, patch);
    expect(JSON.stringify(svc)).toBe(before);
    expect(patch).toEqual([{ op: 'add', path: '/spec/ports/-', value: { port: 1 } }]);
  });

  it('treats a null patch as empty', () => {
    expect(applyJsonPatch(svc, null)).toEqual(svc);
  });
});

describe('applyJsonPatch: errors', () => {
  const unprocessable: [string, unknown[], string][] = [
    ['test fails', [{ op: 'test', path: '/spec/type', value: 'NodePort' }], 'testing value /spec/type failed: test failed'],
    ['test on a missing key with a value', [{ op: 'test', path: '/spec/nope', value: 'x' }], 'testing value /spec/nope failed: test failed'],
    ['test on the whole document', [{ op: 'test', path: '', value: {} }], 'testing value  failed: test failed'],
    ['test below a missing parent', [{ op: 'test', path: '/nope/x', value: 1 }], 'test operation does not apply: is missing path: /nope/x: missing value'],
    ['add below a missing parent', [{ op: 'add', path: '/spec/affinity/x', value: 1 }], 'add operation does not apply: doc is missing path: "/spec/affinity/x": missing value'],
    ['add to the root path', [{ op: 'add', path: '', value: 1 }], 'add operation does not apply: doc is missing path: "": missing value'],
    ['add past the end', [{ op: 'add', path: '/spec/ports/5', value: {} }], "error in add for path: '/spec/ports/5': Unable to access invalid index: 5: invalid index referenced"],
    ['add with a bad index', [{ op: 'add', path: '/spec/ports/x', value: {} }], `error in add for path: '/spec/ports/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax`],
    ['add too negative', [{ op: 'add', path: '/spec/ports/-4', value: {} }], "error in add for path: '/spec/ports/-4': Unable to access invalid index: -4: invalid index referenced"],
    ['remove a missing key', [{ op: 'remove', path: '/spec/affinity' }], "error in remove for path: '/spec/affinity': Unable to remove nonexistent key: affinity: missing value"],
    ['remove below a missing parent', [{ op: 'remove', path: '/spec/affinity/x' }], 'remove operation does not apply: doc is missing path: "/spec/affinity/x": missing value'],
    ['remove past the end', [{ op: 'remove', path: '/spec/ports/2' }], "error in remove for path: '/spec/ports/2': Unable to access invalid index: 2: invalid index referenced"],
    ['remove with a bad index', [{ op: 'remove', path: '/spec/ports/a' }], `error in remove for path: '/spec/ports/a': strconv.Atoi: parsing "a": invalid syntax`],
    ['replace past the end', [{ op: 'replace', path: '/spec/ports/7', value: {} }], 'replace operation does not apply: doc is missing key: /spec/ports/7: missing value'],
    ['replace below a missing parent', [{ op: 'replace', path: '/a/b', value: 1 }], 'replace operation does not apply: doc is missing path: /a/b: missing value'],
    ['replace without path', [{ op: 'replace', value: 1 }], 'replace operation failed to decode path: operation missing path field: missing value'],
    ['add without path', [{ op: 'add', value: 1 }], 'add operation failed to decode path: missing value'],
    ['move from a missing key', [{ op: 'move', from: '/spec/nope', path: '/spec/x' }], "error in move for path: 'nope': Unable to remove nonexistent key: nope: missing value"],
    ['move without from', [{ op: 'move', path: '/spec/x' }], 'move operation failed to decode from: operation, missing from field: missing value'],
    ['move into a missing parent', [{ op: 'move', from: '/spec/type', path: '/nope/x' }], 'move operation does not apply: doc is missing destination path: /nope/x: missing value'],
    ['copy from a missing parent', [{ op: 'copy', from: '/nope/x', path: '/spec/x' }], 'copy operation does not apply: doc is missing from path: /nope/x: missing value'],
    ['copy past the end', [{ op: 'copy', from: '/spec/type', path: '/spec/ports/9' }], 'error while adding value during copy: Unable to access invalid index: 9: invalid index referenced'],
    ['unknown op', [{ op: 'merge', path: '/spec' }], 'Unexpected kind: merge'],
    ['op missing', [{ path: '/spec' }], 'Unexpected kind: unknown'],
    ['path of the wrong type', [{ op: 'replace', path: 5, value: 1 }], 'replace operation failed to decode path: json: cannot unmarshal number into Go value of type string'],
  ];
  it.each(unprocessable)('%s → 422', (_name, patch, cause) => {
    expect(failure(() => applyJsonPatch(svc, patch))).toEqual({ status: UNPROCESSABLE, cause });
  });

  const badRequest: [string, unknown, string][] = [
    ['an object', { op: 'add' }, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch'],
    ['a string', 'x', 'json: cannot unmarshal string into Go value of type jsonpatch.Patch'],
    ['a list of strings', ['x'], 'json: cannot unmarshal string into Go value of type jsonpatch.Operation'],
    ['a list of lists', [[]], 'json: cannot unmarshal array into Go value of type jsonpatch.Operation'],
  ];
  it.each(badRequest)('a patch that is %s → 400', (_name, patch, message) => {
    expect(failure(() => applyJsonPatch(svc, patch)).status).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 });
  });

  it('refuses more than 10000 operations with 413', () => {
    const ops = Array.from({ length: 10001 }, () => ({ op: 'test', path: '/kind', value: 'Service' }));
    expect(failure(() => applyJsonPatch(svc, ops)).status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001',
      reason: 'RequestEntityTooLarge',
      code: 413,
    });
    expect(() => applyJsonPatch(svc, ops.slice(0, 10000))).not.toThrow();
  });

  it('applies nothing when a later operation fails', () => {
    expect(() => applyJsonPatch(svc, [{ op: 'add', path: '/spec/x', value: 1 }, { op: 'test', path: '/spec/x', value: 2 }])).toThrow(ApiError);
    expect(JSON.stringify(svc)).not.toContain('"x":1');
  });
});
