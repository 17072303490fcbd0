import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { projectService } from './projection';
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
});
