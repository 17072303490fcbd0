import { describe, it, expect } from 'vitest';
import type { JsonObject } from '../../k8s/json';
import type { KubeObject, ManagedFieldsEntry, Status } from '../../k8s/types/meta';
import { ApiError } from '../errors/api-error';
import { recordUpdate } from './managed-fields';
import { serverSideApply, type ServerSideApplyInput } from './server-side-apply';
import { testServiceSchema as schema } from './test-schema';

const T1 = '2026-01-01T10:00:00Z';
const T2 = '2026-01-01T10:05:00Z';
const T3 = '2026-01-01T10:09:00Z';

function config(spec: Record<string, unknown>, meta: Record<string, unknown> = {}): JsonObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', ...meta }, spec } as JsonObject;
}

function apply(input: Partial<ServerSideApplyInput> & { applied: JsonObject; live: KubeObject | undefined }): KubeObject {
  const out = serverSideApply({ manager: 'kubectl', force: false, apiVersion: 'v1', time: T1, schema, ...input });
  // what the store adds on create
  if (!input.live) out.metadata = { ...out.metadata, uid: 'u-1', resourceVersion: '1', creationTimestamp: T1 };
  return out;
}

function statusOf(fn: () => unknown): Status {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e.status;
    throw e;
  }
  throw new Error('expected an ApiError');
}

const spec = (o: KubeObject) => (o as unknown as { spec: Record<string, unknown> }).spec;
const entry = (o: KubeObject, manager: string): ManagedFieldsEntry | undefined => o.metadata.managedFields?.find((e) => e.manager === manager);
const web = { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }], selector: { app: 'web' } };

describe('serverSideApply: create and update', () => {
  it('creates the object and an Apply entry holding exactly the applied fields', () => {
    const out = apply({ live: undefined, applied: config(web, { labels: { app: 'web' } }) });
    expect(spec(out)).toEqual(web);
    expect(out.metadata.labels).toEqual({ app: 'web' });
    expect(out.metadata.managedFields).toEqual([
      {
        manager: 'kubectl',
        operation: 'Apply',
        apiVersion: 'v1',
        time: T1,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:spec': { 'f:ports': { 'k:{"port":80,"protocol":"TCP"}': { '.': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} } }, 'f:selector': {} },
        },
      },
    ]);
  });

  it('merges ports by key and removes what the manager no longer applies', () => {
    const live = apply({ live: undefined, applied: config({ ...web, ports: [...web.ports, { port: 443, protocol: 'TCP', targetPort: 8443 }] }, { labels: { app: 'web', tier: 'front' } }) });
    const out = apply({ live, applied: config({ ports: [{ port: 443, protocol: 'TCP', targetPort: 9443 }], selector: { app: 'web' } }, { labels: { app: 'web' } }), time: T2 });
    expect(spec(out).ports).toEqual([{ port: 443, protocol: 'TCP', targetPort: 9443 }]);
    expect(out.metadata.labels).toEqual({ app: 'web' });
    expect(entry(out, 'kubectl')?.time).toBe(T2);
  });

  it('keeps fields set by other writers and fields it never owned', () => {
    const created = apply({ live: undefined, applied: config(web) });
    // the registry fills in clusterIP/type after the apply; a controller sets a label
    spec(created).clusterIP = '10.96.0.10';
    spec(created).type = 'ClusterIP';
    const next = structuredClone(created);
    next.metadata.labels = { team: 'a' };
    next.metadata.managedFields = recordUpdate({ prev: created, next, manager: 'labeler', apiVersion: 'v1', time: T2, schema });
    const out = apply({ live: next, applied: config({ ports: web.ports }), time: T3 });
    expect(spec(out)).toEqual({ ports: web.ports, clusterIP: '10.96.0.10', type: 'ClusterIP' });
    expect(out.metadata.labels).toEqual({ team: 'a' });
    expect(out.metadata.managedFields?.map((e) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply', 'labeler/Update']);
  });

  it('a repeated apply changes nothing and keeps the time', () => {
    const live = apply({ live: undefined, applied: config(web) });
    const out = apply({ live, applied: config(web), time: T3 });
    expect(out).toEqual(live);
  });

  it('gives existing fields of an untracked object to before-first-apply', () => {
    const live = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', uid: 'u', labels: { a: 'b' } }, spec: { type: 'NodePort' } } as KubeObject;
    const out = apply({ live, applied: config(web) });
    const before = entry(out, 'before-first-apply');
    expect(before).toMatchObject({ operation: 'Update', apiVersion: 'v1', time: T1 });
    expect(before?.fieldsV1).toEqual({ 'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} } }, 'f:spec': { 'f:type': {} } });
  });
});

describe('serverSideApply: conflicts', () => {
  // kubectl create, then kubectl apply --server-side from another manager
  const created = structuredClone(apply({ live: undefined, applied: config(web) }));
  created.metadata.managedFields = recordUpdate({
    prev: undefined,
    next: { ...created, metadata: { ...created.metadata, managedFields: undefined } },
    manager: 'kubectl-client-side-apply',
    apiVersion: 'v1',
    time: T1,
    schema,
  });

  it('refuses to change another manager’s field with the real 409 Status', () => {
    const status = statusOf(() =>
      apply({ live: created, manager: 'deployer', applied: config({ ports: [{ port: 80, protocol: 'TCP', targetPort: 9090 }] }) }),
    );
    expect(status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .spec.ports[port=80,protocol="TCP"].targetPort',
      reason: 'Conflict',
      details: {
        causes: [
          {
            reason: 'FieldManagerConflict',
            message: 'conflict with "kubectl-client-side-apply" using v1',
            field: '.spec.ports[port=80,protocol="TCP"].targetPort',
          },
        ],
      },
      code: 409,
    });
  });

  it('lists several conflicts grouped by manager', () => {
    const status = statusOf(() =>
      apply({
        live: created,
        manager: 'deployer',
        applied: config({ ports: [{ port: 80, protocol: 'TCP', targetPort: 9090 }], selector: { app: 'other' } }),
      }),
    );
    expect(status.message).toBe(
      'Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using v1:\n- .spec.selector\n- .spec.ports[port=80,protocol="TCP"].targetPort',
    );
    expect(status.details?.causes?.map((c) => c.field)).toEqual(['.spec.selector', '.spec.ports[port=80,protocol="TCP"].targetPort']);
  });

  it('names appliers without a version and subresources', () => {
    const mine = apply({ live: undefined, applied: config(web) });
    const status = statusOf(() => apply({ live: mine, manager: 'other', applied: config({ selector: { app: 'x' } }) }));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "kubectl": .spec.selector');
  });

  it('with force moves the field to the applier', () => {
    const out = apply({ live: created, manager: 'deployer', force: true, applied: config({ ports: [{ port: 80, protocol: 'TCP', targetPort: 9090 }] }), time: T2 });
    expect(spec(out).ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 9090 }]);
    expect(entry(out, 'deployer')?.fieldsV1).toEqual({
      'f:spec': { 'f:ports': { 'k:{"port":80,"protocol":"TCP"}': { '.': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} } } },
    });
    expect(JSON.stringify(entry(out, 'kubectl-client-side-apply')?.fieldsV1)).not.toContain('targetPort');
    expect(JSON.stringify(entry(out, 'kubectl-client-side-apply')?.fieldsV1)).toContain('f:port');
  });

  it('shares a field applied with the same value, and keeps it while the other still applies it', () => {
    const first = apply({ live: undefined, manager: 'a', applied: config({ ports: web.ports, selector: web.selector }) });
    const both = apply({ live: first, manager: 'b', applied: config({ selector: web.selector }), time: T2 });
    expect(entry(both, 'a')?.fieldsV1?.['f:spec']).toHaveProperty('f:selector');
    expect(entry(both, 'b')?.fieldsV1).toEqual({ 'f:spec': { 'f:selector': {} } });
    // a stops applying the selector: b still owns it, so it stays
    const out = apply({ live: both, manager: 'a', applied: config({ ports: web.ports }), time: T3 });
    expect(spec(out).selector).toEqual(web.selector);
    expect(entry(out, 'a')?.fieldsV1?.['f:spec']).not.toHaveProperty('f:selector');
    // and b changing it now conflicts with nobody
    const changed = apply({ live: out, manager: 'b', applied: config({ selector: { app: 'v2' } }), time: T3 });
    expect(spec(changed).selector).toEqual({ app: 'v2' });
  });

  it('keeps a port item another applier still applies, removes it once nobody does', () => {
    const both = [...web.ports, { port: 443, protocol: 'TCP', targetPort: 8443 }];
    const a1 = apply({ live: undefined, manager: 'a', applied: config({ ports: both }) });
    const b1 = apply({ live: a1, manager: 'b', applied: config({ ports: [both[1]] }), time: T2 });
    const a2 = apply({ live: b1, manager: 'a', applied: config({ ports: web.ports }), time: T3 });
    expect(spec(a2).ports).toEqual(both);
    expect(JSON.stringify(entry(a2, 'a')?.fieldsV1)).not.toContain('443');
    const b2 = apply({ live: a2, manager: 'b', applied: config({ ports: web.ports }), time: T3 });
    expect(spec(b2).ports).toEqual(web.ports);
  });

  it('applies to the status subresource without taking spec', () => {
    const live = apply({ live: undefined, applied: config(web) });
    const applied = { ...config({ selector: { app: 'x' } }), status: { loadBalancer: { ingress: [{ ip: '172.18.255.1' }] } } };
    const out = apply({ live, manager: 'lb', subresource: 'status', applied, time: T2 });
    expect(entry(out, 'lb')).toMatchObject({ operation: 'Apply', subresource: 'status', fieldsV1: { 'f:status': { 'f:loadBalancer': { 'f:ingress': {} } } } });
    expect((out as unknown as { status: unknown }).status).toEqual({ loadBalancer: { ingress: [{ ip: '172.18.255.1' }] } });
  });

  it('forgives kubectl conflicts on fields that still match last-applied-configuration', () => {
    const lastApplied = `${JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: web })}\n`;
    const live = structuredClone(created);
    live.metadata.annotations = { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied };
    const out = apply({ live, manager: 'kubectl', applied: config({ ports: [{ port: 80, protocol: 'TCP', targetPort: 9090 }], selector: web.selector }) });
    expect(spec(out).ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 9090 }]);
    const annotation = out.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration'] ?? '';
    expect(JSON.parse(annotation).spec.ports[0].targetPort).toBe(9090);
    expect(annotation.endsWith('\n')).toBe(true);
  });
});

describe('serverSideApply: bad configurations', () => {
  it('refuses undeclared fields with the real (500) message', () => {
    const status = statusOf(() => apply({ live: undefined, applied: config({ foo: 1, ports: [{ port: 80, bar: 2 }] }) }));
    expect(status.code).toBe(500);
    expect(status.reason).toBeUndefined();
    expect(status.message).toBe(
      'failed to create typed patch object (default/web; /v1, Kind=Service): errors:\n  .spec.foo: field not declared in schema\n  .spec.ports[port=80,protocol="TCP"].bar: field not declared in schema',
    );
  });

  it('reports list items without their keys and duplicate keys', () => {
    expect(statusOf(() => apply({ live: undefined, applied: config({ ports: [{ protocol: 'TCP' }] }) })).message).toBe(
      'failed to create typed patch object (default/web; /v1, Kind=Service): .spec.ports: element 0: associative list with keys has an element that omits key field "port" (and doesn\'t have default value)',
    );
    expect(statusOf(() => apply({ live: undefined, applied: config({ ports: [{ port: 80 }, { port: 80, protocol: 'TCP' }] }) })).message).toBe(
      'failed to create typed patch object (default/web; /v1, Kind=Service): .spec.ports: duplicate entries for key [port=80,protocol="TCP"]',
    );
  });

  it('refuses managedFields and a wrong version with 400', () => {
    const withMf = config(web, { managedFields: [] });
    expect(statusOf(() => apply({ live: undefined, applied: withMf }))).toMatchObject({ code: 400, reason: 'BadRequest', message: 'metadata.managedFields must be nil' });
    const v2 = { ...config(web), apiVersion: 'v2' };
    expect(statusOf(() => apply({ live: undefined, applied: v2 })).message).toBe(
      'Incorrect version specified in apply patch. Specified patch version: v2, expected: v1',
    );
  });
});

describe('serverSideApply: scalar types', () => {
  it('reports a string where a number belongs, as the typed conversion does', () => {
    const status = statusOf(() => apply({ live: undefined, applied: config({ ports: [{ port: '80', protocol: 'TCP' }] }) }));
    expect(status.message).toBe(
      'failed to create typed patch object (default/web; /v1, Kind=Service): .spec.ports[port="80",protocol="TCP"].port: expected numeric (int or float), got string',
    );
  });
});
