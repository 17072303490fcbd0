import { describe, expect, it } from 'vitest';
import type { ManagedFieldsEntry, Service } from '../k8s/types';
import { changeActor } from './change-actor';
import { changeSummary, fieldChanges } from './field-changes';

const svc = (patch: Partial<Service['spec']>, meta: Partial<Service['metadata']> = {}, managedFields: ManagedFieldsEntry[] = []): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'demo', uid: 'u1', resourceVersion: String(Math.random()), managedFields, ...meta },
  spec: { ports: [{ port: 80, targetPort: 8080 }], ...patch },
  status: { loadBalancer: {} },
});

describe('fieldChanges', () => {
  it('lists changed leaves by path and leaves server noise out', () => {
    const a = svc({});
    const b = svc({ ports: [{ port: 80, targetPort: 8081 }] }, { generation: 7 });
    b.status = { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } };
    expect(fieldChanges(a, b)).toEqual([{ path: 'spec.ports[0].targetPort', old: 8080, new: 8081 }]);
    expect(changeSummary(fieldChanges(a, b), '')).toBe('spec.ports[0].targetPort 8080 → 8081');
  });

  it('leaves kubectl’s last-applied-configuration out (its fields are diffed already)', () => {
    const applied = (port: number) => JSON.stringify({ spec: { ports: [{ port }] } });
    const a = svc({}, { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': applied(80) } });
    const b = svc({ ports: [{ port: 81, targetPort: 8080 }] }, { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': applied(81) } });
    expect(fieldChanges(a, b)).toEqual([{ path: 'spec.ports[0].port', old: 80, new: 81 }]);
  });

  it('reads a first label as its key, quotes keys that are not identifiers, and counts several changes', () => {
    const a = svc({});
    const b = svc({ type: 'NodePort' }, { labels: { 'app.kubernetes.io/name': 'web' } });
    const changes = fieldChanges(a, b);
    expect(changes).toEqual([
      { path: 'metadata.labels["app.kubernetes.io/name"]', new: 'web' },
      { path: 'spec.type', new: 'NodePort' },
    ]);
    expect(changeSummary(changes, '')).toBe('2 fields changed');
    expect(changeSummary([], 'nothing')).toBe('nothing');
  });
});

describe('changeActor', () => {
  const entry = (manager: string, time: string, f: string): ManagedFieldsEntry => ({ manager, operation: 'Update', time, fieldsType: 'FieldsV1', fieldsV1: { [f]: {} } });

  it('names the new or moved entry, not one that only lost fields to it', () => {
    const before = svc({}, {}, [entry('kubectl-client-side-apply', '2026-01-01T10:00:00Z', 'f:spec')]);
    const after = svc({}, {}, [entry('kubectl-client-side-apply', '2026-01-01T10:00:00Z', 'f:metadata'), entry('kubectl-patch', '2026-01-01T10:00:00Z', 'f:spec')]);
    expect(changeActor(before, after)).toEqual({ manager: 'kubectl-patch', operation: 'Update' });
  });

  it('a create names the newest entry; no managedFields names nobody', () => {
    expect(changeActor(undefined, svc({}, {}, [entry('a', '2026-01-01T10:00:00Z', 'f:x'), entry('b', '2026-01-01T10:00:05Z', 'f:y')])).manager).toBe('b');
    expect(changeActor(undefined, svc({}))).toEqual({});
  });
});
