import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { projectService } from './projection';
import { decodeServiceRows, encodeServiceRows } from './row-wire';
import { toServiceRow } from './rows';

const listedMeta = {
  name: 'web',
  namespace: 'shop',
  uid: 'u-1',
  resourceVersion: '42',
  creationTimestamp: '2026-01-01T00:00:00Z',
  labels: { app: 'web', 'app.kubernetes.io/name': 'web' },
};

const full: Service[] = [
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      ...listedMeta,
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"a":1}' },
      managedFields: [{ manager: 'kubectl', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': {} } }],
    },
    spec: {
      type: 'LoadBalancer',
      clusterIP: '10.96.0.20',
      clusterIPs: ['10.96.0.20'],
      ipFamilies: ['IPv4'],
      sessionAffinity: 'None',
      externalTrafficPolicy: 'Cluster',
      ports: [{ name: 'http', protocol: 'TCP', appProtocol: 'http', port: 80, targetPort: 'http', nodePort: 30080 }],
      selector: { app: 'web' },
      externalIPs: ['192.0.2.1'],
    },
    status: { loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'VIP' }] } },
  },
  { metadata: { name: 'ext', namespace: 'ops', creationTimestamp: '2026-01-02T00:00:00Z' }, spec: { type: 'ExternalName', externalName: 'db.example.com' } },
  { metadata: { name: 'pending', namespace: 'ops' }, spec: { type: 'LoadBalancer', loadBalancerClass: 'example.com/none', ports: [{ port: 80 }] } },
  { metadata: { name: 'bare', namespace: 'ops' }, spec: { clusterIP: 'None', clusterIPs: ['None'], ports: [{ port: 80 }] } },
];

describe('projectService', () => {
  it('drops managedFields, annotations and the spec fields the list does not show', () => {
    const p = JSON.parse(JSON.stringify(projectService(full[0]))) as Service;
    expect(p.metadata).toEqual(listedMeta);
    expect(p.spec).not.toHaveProperty('sessionAffinity');
    expect(p.spec?.ports).toEqual([{ name: 'http', protocol: 'TCP', port: 80, targetPort: 'http', nodePort: 30080 }]);
    expect(p.status).toEqual({ loadBalancer: { ingress: [{ ip: '172.18.255.1' }] } });
  });

  it('gives the same row as the whole object (every column, search text and attention)', () => {
    for (const svc of full) {
      const { service: _a, ...fromFull } = toServiceRow(svc, new Map());
      const { service: _b, ...fromProjection } = toServiceRow(JSON.parse(JSON.stringify(projectService(svc))) as Service, new Map());
      expect(fromProjection).toEqual(fromFull);
    }
  });

  it('survives the compact wire form: the same rows after encode → JSON → decode, uid left out', () => {
    const wire = JSON.parse(JSON.stringify(encodeServiceRows({ resourceVersion: '7', items: full.map(projectService) }))) as ReturnType<typeof encodeServiceRows>;
    expect(wire.namespaces).toEqual(['shop', 'ops']);
    const back = decodeServiceRows(wire);
    expect(back.resourceVersion).toBe('7');
    expect(back.items[0].metadata).toEqual({ ...listedMeta, uid: undefined });
    expect(back.items[0].status).toEqual({ loadBalancer: { ingress: [{ ip: '172.18.255.1' }] } });
    full.forEach((svc, i) => {
      const { service: _a, ...fromFull } = toServiceRow(svc, new Map());
      const { service: _b, ...fromWire } = toServiceRow(back.items[i], new Map());
      expect(fromWire).toEqual(fromFull);
    });
  });

  it('is about a third of the projection as objects', () => {
    const many = Array.from({ length: 200 }, (_, i): Service => ({
      metadata: { name: `svc-${i}`, namespace: 'bench', uid: `3cb614fc-8032-45ea-9a85-${String(i).padStart(12, '0')}`, resourceVersion: String(1000 + i), creationTimestamp: '2026-11-24T05:33:39Z', labels: { app: `app-${i}`, tier: 'bench' } },
      spec: { type: 'ClusterIP', clusterIP: '10.105.78.146', clusterIPs: ['10.105.78.146'], selector: { app: `app-${i}` }, ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }] },
    }));
    const objects = JSON.stringify(many.map(projectService)).length;
    const compact = JSON.stringify(encodeServiceRows({ resourceVersion: '1', items: many.map(projectService) })).length;
    expect(compact / many.length).toBeLessThan(150);
    expect(compact).toBeLessThan(objects / 2.5);
  });
});
