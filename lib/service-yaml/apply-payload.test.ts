import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { applyConflicts, applyPathSegments, applyPayload, replacePayload } from './apply-payload';

const svc: Service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'demo', resourceVersion: '9', uid: 'u', managedFields: [] },
  spec: { ports: [{ port: 80, targetPort: 8080 }, { port: 443, protocol: 'TCP', targetPort: 'https' }] },
  status: { loadBalancer: {} },
};

describe('apply payloads', () => {
  it('replace keeps the base resourceVersion and drops status', () => {
    const p = replacePayload(svc, '7');
    expect(p.metadata.resourceVersion).toBe('7');
    expect(p.status).toBeUndefined();
  });
  it('server-side apply drops server-owned metadata', () => {
    const p = applyPayload(svc);
    expect(p.metadata).toEqual({ name: 'web', namespace: 'demo' });
  });
});

describe('server-side apply conflicts', () => {
  it('lists each conflict with its manager', () => {
    const status = {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      code: 409,
      reason: 'Conflict',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using v1', field: '.spec.type' }] },
    } as const;
    expect(applyConflicts(status as never)).toEqual([{ field: '.spec.type', manager: 'kubectl-client-side-apply', message: 'conflict with "kubectl-client-side-apply" using v1' }]);
  });
  it('maps keyed list paths to indices', () => {
    expect(applyPathSegments('.spec.ports[port=443,protocol="TCP"].targetPort', svc)).toEqual(['spec', 'ports', 1, 'targetPort']);
    expect(applyPathSegments('.spec.ports[port=80,protocol="TCP"].targetPort', svc)).toEqual(['spec', 'ports', 0, 'targetPort']);
    expect(applyPathSegments('.metadata.name', svc)).toEqual(['metadata', 'name']);
  });
});
