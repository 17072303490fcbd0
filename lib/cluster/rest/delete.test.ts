import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/types/meta';
import { createServiceAllocation } from '../allocators';
import { createDefinitions } from '../registry';
import { openStore } from '../storage';
import type { StoredResource } from '../storage/types';
import { ApiError } from '../errors/api-error';
import { apiErrorOf, failureOf } from '../errors/api-error.test-support';
import { createRestContext, type RestContext } from './context';
import { createObject } from './create';
import { deleteObject, finalizeNamespace } from './delete';
import { patchObject } from './patch';
import type { PropagationPolicy } from './delete';

const opts = { dryRun: false, fieldValidation: 'Strict' as const, fieldManager: 'test' };

function setup(): RestContext {
  const ctx = createRestContext(openStore({}), createDefinitions(createServiceAllocation({})));
  create(ctx, 'namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } });
  return ctx;
}

function create(ctx: RestContext, resource: StoredResource, namespace: string | undefined, body: object): KubeObject {
  return createObject(ctx, ctx.definitions.get(resource)!, namespace, structuredClone(body) as never, opts).object;
}

function serviceWithSlice(ctx: RestContext): { svc: KubeObject } {
  const svc = create(ctx, 'services', 'ns', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } });
  create(ctx, 'endpointslices', 'ns', {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'web-abcde', labels: { 'kubernetes.io/service-name': 'web' }, ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: svc.metadata.uid!, controller: true, blockOwnerDeletion: true }] },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['10.244.1.2'] }],
  });
  return { svc };
}

function remove(ctx: RestContext, policy?: PropagationPolicy, preconditions?: { uid?: string; resourceVersion?: string }) {
  return deleteObject(ctx, ctx.definitions.get('services')!, 'ns', 'web', { dryRun: false, propagationPolicy: policy, preconditions });
}

describe('delete', () => {
  it('returns the deleted Service and collects its EndpointSlices (Background, the default)', () => {
    const ctx = setup();
    const { svc } = serviceWithSlice(ctx);
    const result = remove(ctx);
    expect(result.body).toMatchObject({ kind: 'Service', metadata: { uid: svc.metadata.uid } });
    expect(ctx.store.get('endpointslices', 'ns', 'web-abcde')).toBeUndefined();
  });

  it('orphans dependents with propagationPolicy=Orphan', () => {
    const ctx = setup();
    serviceWithSlice(ctx);
    remove(ctx, 'Orphan');
    const slice = ctx.store.get('endpointslices', 'ns', 'web-abcde');
    expect(slice).toBeDefined();
    expect(slice?.metadata.ownerReferences).toBeUndefined();
  });

  it('checks uid and resourceVersion preconditions', () => {
    const ctx = setup();
    const { svc } = serviceWithSlice(ctx);
    // rest.BeforeDelete's wording: the Kind, not the resource.
    const stale = apiErrorOf(() => remove(ctx, undefined, { resourceVersion: '1' }));
    expect(stale.code).toBe(409);
    expect(stale.status).toMatchObject({
      reason: 'Conflict',
      message: `Operation cannot be fulfilled on Service "web": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${svc.metadata.resourceVersion}). The object might have been modified`,
      details: { name: 'web', kind: 'Service' },
    });
    expect(failureOf(() => remove(ctx, undefined, { uid: 'other' }))).toBe(
      `409 Operation cannot be fulfilled on Service "web": the UID in the precondition (other) does not match the UID in record (${svc.metadata.uid}). The object might have been deleted and then recreated`,
    );
    const slice = apiErrorOf(() => deleteObject(ctx, ctx.definitions.get('endpointslices')!, 'ns', 'web-abcde', { dryRun: false, preconditions: { uid: 'x' } }));
    expect(slice.status.message).toMatch(/^Operation cannot be fulfilled on EndpointSlice\.discovery\.k8s\.io "web-abcde": the UID in the precondition \(x\)/);
    expect(slice.status.details).toMatchObject({ group: 'discovery.k8s.io', kind: 'EndpointSlice' });
    expect(remove(ctx, undefined, { uid: svc.metadata.uid }).object.metadata.name).toBe('web');
  });

  it('answers a Success Status for resources that do not return the object', () => {
    const ctx = setup();
    serviceWithSlice(ctx);
    const result = deleteObject(ctx, ctx.definitions.get('endpointslices')!, 'ns', 'web-abcde', { dryRun: false });
    expect(result.body).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'web-abcde', group: 'discovery.k8s.io', kind: 'endpointslices' } });
  });

  it('takes a namespace through Terminating to gone once finalized', () => {
    const ctx = setup();
    const def = ctx.definitions.get('namespaces')!;
    const first = deleteObject(ctx, def, undefined, 'ns', { dryRun: false });
    expect(first.pending).toBe(true);
    expect(first.object).toMatchObject({ metadata: { deletionTimestamp: expect.any(String) }, status: { phase: 'Terminating' } });
    expect(() => deleteObject(ctx, def, undefined, 'ns', { dryRun: false })).toThrow(/The system is ensuring all content is removed from this namespace/);
    finalizeNamespace(ctx, def, 'ns', [], false);
    expect(ctx.store.get('namespaces', undefined, 'ns')).toBeUndefined();
  });

  it('never deletes default, kube-system or kube-public', () => {
    const ctx = setup();
    create(ctx, 'namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    try {
      deleteObject(ctx, ctx.definitions.get('namespaces')!, undefined, 'default', { dryRun: false });
      throw new Error('expected a 403');
    } catch (err) {
      expect((err as ApiError).status).toMatchObject({ code: 403, message: 'namespaces "default" is forbidden: this namespace may not be deleted' });
    }
  });
});

describe('finalizers', () => {
  it('keep a deleted object with its deletionTimestamp until an update removes the last one', () => {
    const ctx = setup();
    const def = ctx.definitions.get('services')!;
    create(ctx, 'services', 'ns', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'fin', finalizers: ['example.com/block'] }, spec: { clusterIP: '10.96.0.50', ports: [{ port: 80 }] } });
    const first = deleteObject(ctx, def, 'ns', 'fin', { dryRun: false });
    expect(first.object.metadata.deletionTimestamp).toBeTruthy();
    expect(first.object.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(first.body).toBe(first.object);
    expect(ctx.store.get('services', 'ns', 'fin')?.metadata.deletionTimestamp).toBe(first.object.metadata.deletionTimestamp);
    // A second DELETE finds it pending.
    expect(deleteObject(ctx, def, 'ns', 'fin', { dryRun: false }).object.metadata.resourceVersion).toBe(first.object.metadata.resourceVersion);
    // No new finalizers while it is being deleted.
    expect(() => patchObject(ctx, def, 'ns', 'fin', '{"metadata":{"finalizers":["example.com/block","other.io/x"]}}', 'application/merge-patch+json', opts)).toThrow(
      'no new finalizers can be added if the object is being deleted, found new finalizers []string{"other.io/x"}',
    );
    patchObject(ctx, def, 'ns', 'fin', '{"metadata":{"finalizers":null}}', 'application/merge-patch+json', opts);
    expect(ctx.store.get('services', 'ns', 'fin')).toBeUndefined();
    // Its clusterIP went back to the pool.
    create(ctx, 'services', 'ns', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'again' }, spec: { clusterIP: '10.96.0.50', ports: [{ port: 80 }] } });
  });
});
