import { describe, expect, it } from 'vitest';
import { createServiceAllocation } from '../allocators';
import { createDefinitions } from '../registry';
import { openStore } from '../storage';
import { apiErrorOf, failureOf } from '../errors/api-error.test-support';
import { createRestContext, type RestContext } from './context';
import { createObject } from './create';
import { patchObject } from './patch';

const opts = { dryRun: false, fieldValidation: 'Warn' as const, fieldManager: 'test' };

function setup(): RestContext {
  const ctx = createRestContext(openStore({}), createDefinitions(createServiceAllocation({})));
  createObject(ctx, ctx.definitions.get('namespaces')!, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } }, opts);
  createObject(ctx, ctx.definitions.get('services')!, 'ns', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80 }] } }, opts);
  return ctx;
}


describe('patch bodies of the wrong shape get the patchers’ own messages', () => {
  const ctx = setup();
  const def = ctx.definitions.get('services')!;
  const patch = (body: string, type: string, fieldValidation: 'Warn' | 'Ignore' = 'Warn') =>
    failureOf(() => patchObject(ctx, def, 'ns', 's', body, type, { ...opts, fieldValidation }));

  it('JSON patch: the jsonpatch.Patch decoder, with the JSON type', () => {
    expect(patch('"x"', 'application/json-patch+json')).toBe('400 json: cannot unmarshal string into Go value of type jsonpatch.Patch');
    expect(patch('{}', 'application/json-patch+json')).toBe('400 json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  });

  it('strategic and merge patch: decoded into a map', () => {
    expect(patch('5', 'application/strategic-merge-patch+json')).toBe('400 json: cannot unmarshal number into Go value of type map[string]interface {}');
    expect(patch('[1]', 'application/merge-patch+json')).toBe('400 json: cannot unmarshal array into Go value of type map[string]interface {}');
  });

  it('a patched document that is no object is a 422 on the patch field', () => {
    // Without the strict pre-check (Ignore), jsonpatch.MergePatch returns the array itself.
    expect(patch('[1]', 'application/merge-patch+json', 'Ignore')).toBe(
      '422  "" is invalid: patch: Invalid value: "[1]": couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
    );
  });
});

describe('server-side apply', () => {
  it('treats a resourceVersion in the applied configuration as a precondition', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    const apply = (rv: string) =>
      patchObject(ctx, def, 'ns', 's', `{"apiVersion":"v1","kind":"Service","metadata":{"name":"s","resourceVersion":"${rv}","labels":{"a":"b"}}}`, 'application/apply-patch+yaml', {
        ...opts,
        fieldManager: 'm',
      });
    expect(failureOf(() => apply('1'))).toBe(
      '409 Operation cannot be fulfilled on services "s": the object has been modified; please apply your changes to the latest version and try again',
    );
    const current = ctx.store.get('services', 'ns', 's')!.metadata.resourceVersion!;
    expect(apply(current).object.metadata.labels).toEqual({ a: 'b' });
  });
});

describe('a PATCH in a media type the route does not consume', () => {
  it('is 415 "415: Unsupported Media Type", as go-restful answers before the handler', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    for (const type of ['text/plain', 'application/json', 'application/yaml', undefined]) {
      const err = apiErrorOf(() => patchObject(ctx, def, 'ns', 's', '{}', type, opts));
      expect(err.code).toBe(415);
      // kube-apiserver v1.32's answer, whole: empty details, no cause.
      expect(err.status).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: '415: Unsupported Media Type', reason: 'UnsupportedMediaType', details: {}, code: 415 });
    }
    expect(patchObject(ctx, def, 'ns', 's', '{}', 'application/merge-patch+json; charset=utf-8', opts).object.metadata.name).toBe('s');
  });
});
