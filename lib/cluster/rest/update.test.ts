import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/types/meta';
import type { Pod } from '../../k8s/types/pod';
import { createServiceAllocation } from '../allocators';
import { createDefinitions } from '../registry';
import { openStore } from '../storage';
import { ApiError } from '../errors/api-error';
import { apiErrorOf, failureOf } from '../errors/api-error.test-support';
import { createRestContext, type RestContext } from './context';
import { createObject } from './create';
import { updateObject } from './update';

const opts = { dryRun: false, fieldValidation: 'Strict' as const, fieldManager: 'test' };

function setup(): RestContext {
  const ctx = createRestContext(openStore({}), createDefinitions(createServiceAllocation({})));
  createObject(ctx, ctx.definitions.get('namespaces')!, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } }, opts);
  return ctx;
}

function podBody(name: string): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } };
}

const copy = <T>(o: T): T => structuredClone(o) as T;

describe('create', () => {
  it('fills system metadata, generateName and managedFields', () => {
    const ctx = setup();
    const body = podBody('');
    body.metadata = { generateName: 'web-' };
    const pod = createObject(ctx, ctx.definitions.get('pods')!, 'ns', body as never, opts).object as Pod;
    expect(pod.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
    expect(pod.metadata.uid).toBeTruthy();
    expect(pod.metadata.creationTimestamp).toMatch(/Z$/);
    expect(pod.metadata.managedFields?.[0]).toMatchObject({ manager: 'test', operation: 'Update' });
    expect(pod.status?.phase).toBe('Pending');
  });

  it('stores nothing on dryRun and refuses resourceVersion on create', () => {
    const ctx = setup();
    createObject(ctx, ctx.definitions.get('pods')!, 'ns', podBody('dry') as never, { ...opts, dryRun: true });
    expect(ctx.store.get('pods', 'ns', 'dry')).toBeUndefined();
    const body = podBody('rv');
    (body.metadata as Record<string, unknown>).resourceVersion = '5';
    // A plain storage error: 500 without reason or details, the text kubectl prints after "Error from server:".
    expect(apiErrorOf(() => createObject(ctx, ctx.definitions.get('pods')!, 'ns', structuredClone(body) as never, opts)).status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'resourceVersion should not be set on objects to be created',
      code: 500,
    });
    // A dry run never reaches storage: accepted.
    expect(createObject(ctx, ctx.definitions.get('pods')!, 'ns', body as never, { ...opts, dryRun: true }).object.metadata.name).toBe('rv');
  });
});

describe('update', () => {
  it('conflicts on a stale resourceVersion and keeps creationTimestamp and uid', () => {
    const ctx = setup();
    const def = ctx.definitions.get('pods')!;
    const pod = createObject(ctx, def, 'ns', podBody('p') as never, opts).object;
    const next = copy(pod) as KubeObject;
    next.metadata.labels = { a: 'b' };
    next.metadata.creationTimestamp = '2000-01-01T00:00:00Z';
    const updated = updateObject(ctx, def, 'ns', 'p', next as never, opts).object;
    expect(updated.metadata.creationTimestamp).toBe(pod.metadata.creationTimestamp);
    expect(Number(updated.metadata.resourceVersion)).toBeGreaterThan(Number(pod.metadata.resourceVersion));
    try {
      updateObject(ctx, def, 'ns', 'p', copy(pod) as never, opts);
      throw new Error('expected a conflict');
    } catch (err) {
      expect((err as ApiError).status.message).toBe(
        'Operation cannot be fulfilled on pods "p": the object has been modified; please apply your changes to the latest version and try again',
      );
    }
  });

  it('does not write when nothing changed', () => {
    const ctx = setup();
    const def = ctx.definitions.get('pods')!;
    const pod = createObject(ctx, def, 'ns', podBody('same') as never, opts).object;
    const again = updateObject(ctx, def, 'ns', 'same', copy(pod) as never, opts).object;
    expect(again.metadata.resourceVersion).toBe(pod.metadata.resourceVersion);
  });

  it('changes only status through the status subresource, and never status through the main resource', () => {
    const ctx = setup();
    const def = ctx.definitions.get('pods')!;
    const pod = createObject(ctx, def, 'ns', podBody('s') as never, opts).object as Pod;
    const viaStatus = copy(pod);
    viaStatus.status = { ...viaStatus.status, phase: 'Running' };
    viaStatus.metadata.labels = { kept: 'yes' };
    viaStatus.spec = { ...viaStatus.spec!, hostname: 'ignored' };
    const afterStatus = updateObject(ctx, def, 'ns', 's', viaStatus as never, opts, 'status').object as Pod;
    expect(afterStatus.status?.phase).toBe('Running');
    // podStatusStrategy resets spec only: metadata written through /status is stored.
    expect(afterStatus.metadata.labels).toEqual({ kept: 'yes' });
    expect(afterStatus.spec?.hostname).toBeUndefined();
    const viaMain = copy(afterStatus);
    viaMain.status = { phase: 'Failed' };
    const afterMain = updateObject(ctx, def, 'ns', 's', viaMain as never, opts).object as Pod;
    expect(afterMain.status?.phase).toBe('Running');
  });

  it('refuses a name or namespace that disagrees with the URL', () => {
    const ctx = setup();
    const def = ctx.definitions.get('pods')!;
    createObject(ctx, def, 'ns', podBody('n') as never, opts);
    expect(() => updateObject(ctx, def, 'ns', 'n', podBody('other') as never, opts)).toThrow('the name of the object (other) does not match the name on the URL (n)');
    const body = podBody('n');
    (body.metadata as Record<string, unknown>).namespace = 'elsewhere';
    expect(() => updateObject(ctx, def, 'ns', 'n', body as never, opts)).toThrow('the namespace of the object (elsewhere) does not match the namespace on the request (ns)');
  });
});

describe('/status updates (status strategies)', () => {
  it('keep the old spec but store metadata changes; pods keep their ownerReferences', () => {
    const ctx = setup();
    const nsDef = ctx.definitions.get('namespaces')!;
    const ns = copy(ctx.store.get('namespaces', undefined, 'ns') as KubeObject & { spec?: { finalizers?: string[] } });
    ns.metadata.labels = { qa: 'l' };
    ns.spec = { finalizers: [] };
    const updated = updateObject(ctx, nsDef, undefined, 'ns', ns as never, opts, 'status').object as KubeObject & { spec?: unknown };
    expect(updated.metadata.labels).toMatchObject({ qa: 'l' });
    expect(updated.spec).toEqual({ finalizers: ['kubernetes'] });

    const podDef = ctx.definitions.get('pods')!;
    const pod = copy(createObject(ctx, podDef, 'ns', podBody('p') as never, opts).object as Pod);
    pod.metadata.annotations = { qa: '2' };
    pod.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Node', name: 'n', uid: 'u' }];
    const podAfter = updateObject(ctx, podDef, 'ns', 'p', pod as never, opts, 'status').object as Pod;
    expect(podAfter.metadata.annotations).toEqual({ qa: '2' });
    expect(podAfter.metadata.ownerReferences).toBeUndefined();
  });
});

describe('PUT with a uid', () => {
  it('is a storage precondition: 409 before validation when it differs, fine when it matches', () => {
    const ctx = setup();
    const def = ctx.definitions.get('pods')!;
    const pod = copy(createObject(ctx, def, 'ns', podBody('u') as never, opts).object as Pod);
    const uid = pod.metadata.uid;
    pod.metadata.uid = 'abc';
    expect(failureOf(() => updateObject(ctx, def, 'ns', 'u', copy(pod) as never, opts))).toBe(
      `409 Operation cannot be fulfilled on pods "u": Precondition failed: UID in precondition: abc, UID in object meta: ${uid}`,
    );
    pod.metadata.uid = uid;
    pod.metadata.labels = { a: 'b' };
    expect(updateObject(ctx, def, 'ns', 'u', pod as never, opts).object.metadata.labels).toEqual({ a: 'b' });
  });
});

describe('dry runs', () => {
  it('answer a create without resourceVersion and an update with the old one', () => {
    const ctx = setup();
    const def = ctx.definitions.get('pods')!;
    expect(createObject(ctx, def, 'ns', podBody('dr') as never, { ...opts, dryRun: true }).object.metadata.resourceVersion).toBeUndefined();
    const pod = copy(createObject(ctx, def, 'ns', podBody('dr') as never, opts).object as Pod);
    pod.metadata.labels = { x: 'y' };
    const dry = updateObject(ctx, def, 'ns', 'dr', copy(pod) as never, { ...opts, dryRun: true }).object;
    expect(dry.metadata.labels).toEqual({ x: 'y' });
    expect(dry.metadata.resourceVersion).toBe(pod.metadata.resourceVersion);
  });
});
