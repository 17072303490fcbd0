import { describe, it, expect } from 'vitest';
import type { KubeObject, ManagedFieldsEntry } from '../../k8s/types/meta';
import { recordUpdate } from './managed-fields';
import { testServiceSchema as schema } from './test-schema';

const T1 = '2026-01-01T10:00:00Z';
const T2 = '2026-01-01T10:05:00Z';
const T3 = '2026-01-01T10:09:00Z';

/** A Service as it looks after decoding and defaulting, before allocation. */
function service(spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default', labels: { app: 'web' }, ...meta },
    spec: {
      ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
      selector: { app: 'web' },
      type: 'ClusterIP',
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      ...spec,
    },
    status: { loadBalancer: {} },
  } as KubeObject;
}

function stored(obj: KubeObject, managedFields: ManagedFieldsEntry[]): KubeObject {
  const copy = structuredClone(obj);
  copy.metadata = { ...copy.metadata, uid: 'u-1', resourceVersion: '5', creationTimestamp: T1, managedFields };
  const spec = (copy as unknown as { spec: Record<string, unknown> }).spec;
  spec.clusterIP = '10.96.0.10';
  spec.clusterIPs = ['10.96.0.10'];
  return copy;
}

const fieldsOf = (entries: ManagedFieldsEntry[], manager: string) => entries.find((e) => e.manager === manager)?.fieldsV1;

describe('recordUpdate on create', () => {
  it('gives the creator the fields a real kubectl create records, with "." on new lists and maps', () => {
    const entries = recordUpdate({ prev: undefined, next: service(), manager: 'kubectl-create', apiVersion: 'v1', time: T1, schema });
    expect(entries).toHaveLength(1);
    const e = entries[0];
    expect(Object.keys(e)).toEqual(['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1']);
    expect(e).toMatchObject({ manager: 'kubectl-create', operation: 'Update', apiVersion: 'v1', time: T1, fieldsType: 'FieldsV1' });
    // Same shape and order as kube-apiserver v1.32 writes for `kubectl create -f svc.yaml`.
    expect(JSON.stringify(e.fieldsV1)).toBe(
      '{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:internalTrafficPolicy":{},"f:ports":{".":{},"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:port":{},"f:protocol":{},"f:targetPort":{}}},"f:selector":{},"f:sessionAffinity":{},"f:type":{}}}',
    );
  });

  it('records the subresource and names an empty manager "unknown"', () => {
    const [e] = recordUpdate({ prev: undefined, next: service(), manager: '', apiVersion: 'v1', time: T1, schema });
    expect(e.manager).toBe('unknown');
    expect(e.subresource).toBeUndefined();
  });

  it('keeps managedFields the client sent when they decode', () => {
    const sent: ManagedFieldsEntry[] = [
      {
        manager: 'other',
        operation: 'Apply',
        apiVersion: 'v1',
        time: T1,
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:metadata': { 'f:annotations': { 'f:note': {} } }, 'f:spec': { 'f:type': {} } },
      },
    ];
    const next = service({}, { managedFields: sent });
    const entries = recordUpdate({ prev: undefined, next, manager: 'kubectl-create', apiVersion: 'v1', time: T2, schema });
    expect(entries.map((e) => `${e.manager}/${e.operation}`)).toEqual(['other/Apply', 'kubectl-create/Update']);
    // everything is new on a create, so the creator takes spec.type from the sent entry
    expect(fieldsOf(entries, 'other')).toEqual({ 'f:metadata': { 'f:annotations': { 'f:note': {} } } });
    expect(JSON.stringify(fieldsOf(entries, 'kubectl-create'))).toContain('"f:type":{}');
  });
});

describe('recordUpdate on update', () => {
  const created = recordUpdate({ prev: undefined, next: service(), manager: 'kubectl-create', apiVersion: 'v1', time: T1, schema });
  const live = stored(service(), created);

  it('moves a changed field to the writer and leaves the rest with its owner', () => {
    const next = structuredClone(live);
    (next as unknown as { spec: { ports: { targetPort: number }[] } }).spec.ports[0].targetPort = 8080;
    const entries = recordUpdate({ prev: live, next, manager: 'kubectl-edit', apiVersion: 'v1', time: T2, schema });
    expect(entries.map((e) => e.manager)).toEqual(['kubectl-create', 'kubectl-edit']);
    expect(fieldsOf(entries, 'kubectl-edit')).toEqual({ 'f:spec': { 'f:ports': { 'k:{"port":80,"protocol":"TCP"}': { 'f:targetPort': {} } } } });
    const creator = JSON.stringify(fieldsOf(entries, 'kubectl-create'));
    expect(creator).not.toContain('targetPort');
    expect(creator).toContain('"f:port":{}');
    expect(entries[0].time).toBe(T1);
    expect(entries[1].time).toBe(T2);
  });

  it('removes deleted fields from every owner and drops entries left empty', () => {
    const next = structuredClone(live);
    next.metadata.labels = {};
    delete next.metadata.labels;
    const entries = recordUpdate({ prev: live, next, manager: 'kubectl-edit', apiVersion: 'v1', time: T2, schema });
    // nothing added or changed: the writer gets no entry; the creator loses the labels
    expect(entries.map((e) => e.manager)).toEqual(['kubectl-create']);
    expect(JSON.stringify(fieldsOf(entries, 'kubectl-create'))).not.toContain('labels');
  });

  it('is a no-op (times kept) when nothing changed', () => {
    const entries = recordUpdate({ prev: live, next: structuredClone(live), manager: 'kubectl-create', apiVersion: 'v1', time: T3, schema });
    expect(entries).toEqual(created);
  });

  it('merges into the same manager entry and re-stamps it', () => {
    const next = structuredClone(live);
    next.metadata.labels = { app: 'web', tier: 'front' };
    const entries = recordUpdate({ prev: live, next, manager: 'kubectl-create', apiVersion: 'v1', time: T3, schema });
    expect(entries).toHaveLength(1);
    expect(entries[0].time).toBe(T3);
    expect(entries[0].fieldsV1?.['f:metadata']).toEqual({ 'f:labels': { '.': {}, 'f:app': {}, 'f:tier': {} } });
  });

  it('keeps status writes in their own entry and ignores spec there (reset fields)', () => {
    const next = structuredClone(live) as unknown as { spec: Record<string, unknown>; status: Record<string, unknown> };
    next.status = { loadBalancer: { ingress: [{ ip: '172.18.255.1' }] } };
    next.spec.type = 'LoadBalancer';
    const entries = recordUpdate({
      prev: live,
      next: next as unknown as KubeObject,
      manager: 'porthole-lb-controller',
      subresource: 'status',
      apiVersion: 'v1',
      time: T2,
      schema,
    });
    const lb = entries.find((e) => e.manager === 'porthole-lb-controller');
    expect(lb).toMatchObject({ operation: 'Update', subresource: 'status' });
    expect(Object.keys(lb ?? {})).toEqual(['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource']);
    expect(lb?.fieldsV1).toEqual({ 'f:status': { 'f:loadBalancer': { 'f:ingress': {} } } });
  });

  it('a main-resource write does not take status', () => {
    const next = structuredClone(live) as unknown as { status: Record<string, unknown> };
    next.status = { loadBalancer: { ingress: [{ ip: '1.1.1.1' }] } };
    const entries = recordUpdate({ prev: live, next: next as unknown as KubeObject, manager: 'x', apiVersion: 'v1', time: T2, schema });
    expect(entries.map((e) => e.manager)).toEqual(['kubectl-create']);
  });

  it('resets with [] and then stops tracking the existing object, as the real server', () => {
    const next = structuredClone(live);
    next.metadata.managedFields = [];
    expect(recordUpdate({ prev: live, next, manager: 'kubectl-edit', apiVersion: 'v1', time: T2, schema })).toEqual([]);
    const untracked = stored(service(), []);
    delete untracked.metadata.managedFields;
    const later = structuredClone(untracked);
    later.metadata.labels = { app: 'other' };
    expect(recordUpdate({ prev: untracked, next: later, manager: 'kubectl-edit', apiVersion: 'v1', time: T3, schema })).toEqual([]);
  });

  it('[{}] resets too; managedFields omitted by the client are kept from the live object', () => {
    const reset = structuredClone(live);
    reset.metadata.managedFields = [{}];
    expect(recordUpdate({ prev: live, next: reset, manager: 'm', apiVersion: 'v1', time: T2, schema })).toEqual([]);
    const omitted = structuredClone(live);
    delete omitted.metadata.managedFields;
    omitted.metadata.labels = { app: 'web', x: 'y' };
    const entries = recordUpdate({ prev: live, next: omitted, manager: 'm', apiVersion: 'v1', time: T2, schema });
    expect(entries.map((e) => e.manager)).toEqual(['kubectl-create', 'm']);
  });

  it('folds update managers beyond 10 into ancient-changes, oldest first', () => {
    let obj = live;
    for (let n = 0; n < 11; n++) {
      const next = structuredClone(obj);
      next.metadata.labels = { ...(next.metadata.labels ?? {}), [`l${n}`]: 'v' };
      const time = `2026-01-01T11:${String(n).padStart(2, '0')}:00Z`;
      next.metadata.managedFields = recordUpdate({ prev: obj, next, manager: `writer-${n}`, apiVersion: 'v1', time, schema });
      obj = next;
    }
    const entries = obj.metadata.managedFields ?? [];
    expect(entries).toHaveLength(10);
    const ancient = entries.find((e) => e.manager === 'ancient-changes');
    // kubectl-create (10:00) opened the bucket; writer-0 then writer-1 were merged into it.
    expect(ancient?.time).toBe('2026-01-01T11:01:00Z');
    expect(ancient?.fieldsV1?.['f:metadata']).toEqual({ 'f:labels': { '.': {}, 'f:app': {}, 'f:l0': {}, 'f:l1': {} } });
    expect(JSON.stringify(ancient?.fieldsV1)).toContain('f:ports');
    expect(entries.some((e) => ['kubectl-create', 'writer-0', 'writer-1'].includes(e.manager ?? ''))).toBe(false);
    expect(entries[0].manager).toBe('ancient-changes');
  });
});
