import { describe, it, expect } from 'vitest';
import type { Service } from '../../k8s/types/service';
import { servicePrinter } from './services';

const now = new Date('2026-11-21T12:00:00Z');
const svc = (spec: Service['spec'], status?: Service['status']): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'demo', creationTimestamp: '2026-11-21T11:55:00Z' },
  spec,
  ...(status ? { status } : {}),
});

describe('servicePrinter', () => {
  it('has the real columns', () => {
    expect(servicePrinter.columns.map((c) => [c.name, c.type, c.format, c.priority])).toEqual([
      ['Name', 'string', 'name', 0],
      ['Type', 'string', '', 0],
      ['Cluster-IP', 'string', '', 0],
      ['External-IP', 'string', '', 0],
      ['Port(s)', 'string', '', 0],
      ['Age', 'string', '', 0],
      ['Selector', 'string', '', 1],
    ]);
  });

  const cases: [string, Service, (string | number)[]][] = [
    [
      'ClusterIP',
      svc({ type: 'ClusterIP', clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }], selector: { tier: 'web', app: 'shop' } }),
      ['web', 'ClusterIP', '10.96.0.10', '<none>', '80/TCP', '5m', 'app=shop,tier=web'],
    ],
    [
      'NodePort multi-port',
      svc({ type: 'NodePort', clusterIPs: ['10.96.0.11'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }, { port: 53, nodePort: 30053, protocol: 'UDP' }] }),
      ['web', 'NodePort', '10.96.0.11', '<none>', '80:30080/TCP,53:30053/UDP', '5m', '<none>'],
    ],
    [
      'ClusterIP with externalIPs',
      svc({ type: 'ClusterIP', clusterIPs: ['10.96.0.12'], externalIPs: ['192.0.2.1', '192.0.2.2'], ports: [{ port: 443, protocol: 'TCP' }] }),
      ['web', 'ClusterIP', '10.96.0.12', '192.0.2.1,192.0.2.2', '443/TCP', '5m', '<none>'],
    ],
    [
      'LoadBalancer pending',
      svc({ type: 'LoadBalancer', clusterIPs: ['10.96.0.13'], ports: [{ port: 80, nodePort: 31000, protocol: 'TCP' }] }),
      ['web', 'LoadBalancer', '10.96.0.13', '<pending>', '80:31000/TCP', '5m', '<none>'],
    ],
    [
      'LoadBalancer with ingress (sorted, de-duplicated, hostnames)',
      svc(
        { type: 'LoadBalancer', clusterIPs: ['10.96.0.14'], ports: [{ port: 80, nodePort: 31001, protocol: 'TCP' }] },
        { loadBalancer: { ingress: [{ ip: '172.18.255.9' }, { ip: '172.18.255.1' }, { hostname: 'lb.example.com' }, { ip: '172.18.255.1' }] } },
      ),
      ['web', 'LoadBalancer', '10.96.0.14', '172.18.255.1,172.18.255.9,lb.example.com', '80:31001/TCP', '5m', '<none>'],
    ],
    [
      'LoadBalancer with ingress and externalIPs',
      svc(
        { type: 'LoadBalancer', clusterIPs: ['10.96.0.15'], externalIPs: ['192.0.2.9'], ports: [{ port: 80, nodePort: 31002, protocol: 'TCP' }] },
        { loadBalancer: { ingress: [{ ip: '172.18.255.2' }] } },
      ),
      ['web', 'LoadBalancer', '10.96.0.15', '172.18.255.2,192.0.2.9', '80:31002/TCP', '5m', '<none>'],
    ],
    [
      'ExternalName',
      svc({ type: 'ExternalName', externalName: 'db.example.com' }),
      ['web', 'ExternalName', '<none>', 'db.example.com', '<none>', '5m', '<none>'],
    ],
    [
      'headless',
      svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], selector: { app: 'db' } }),
      ['web', 'ClusterIP', 'None', '<none>', '<none>', '5m', 'app=db'],
    ],
    [
      'dual-stack shows the primary IP',
      svc({ type: 'ClusterIP', clusterIPs: ['fd00::10', '10.96.0.16'], ports: [{ port: 8080, protocol: 'SCTP' }] }),
      ['web', 'ClusterIP', 'fd00::10', '<none>', '8080/SCTP', '5m', '<none>'],
    ],
  ];
  it.each(cases)('%s', (_name, service, cells) => {
    expect(servicePrinter.row(service, now).cells).toEqual(cells);
  });

  it('prints <unknown> age without a creationTimestamp', () => {
    const s = svc({ type: 'ClusterIP', clusterIPs: ['10.96.0.1'] });
    delete s.metadata.creationTimestamp;
    expect(servicePrinter.row(s, now).cells[5]).toBe('<unknown>');
  });
});
