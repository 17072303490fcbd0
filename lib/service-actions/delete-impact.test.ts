import { describe, expect, it } from 'vitest';
import { svc } from '../service-insight/test-fixtures';
import { deleteImpact, isApiServerService, needsTypedConfirmation } from './delete-impact';

describe('deleteImpact', () => {
  it('names the DNS name and the cluster IP of a ClusterIP Service; no node ports', () => {
    const i = deleteImpact(svc('web', { ports: [{ port: 80 }] }));
    expect(i.dnsName).toBe('web.shop.svc.cluster.local');
    expect(i.clusterIPs).toEqual(['10.96.0.10']);
    expect(i.dnsAnswer).toBe('10.96.0.10');
    expect(i.nodePorts).toEqual([]);
    expect(i.loadBalancerAddresses).toEqual([]);
  });

  it('lists node ports and load-balancer addresses of a LoadBalancer Service', () => {
    const s = svc('lb', {
      type: 'LoadBalancer',
      externalTrafficPolicy: 'Local',
      healthCheckNodePort: 32000,
      ports: [
        { port: 80, nodePort: 30080, protocol: 'TCP' },
        { port: 53, nodePort: 30053, protocol: 'UDP' },
      ],
    });
    s.status = { loadBalancer: { ingress: [{ ip: '172.18.255.1' }, { hostname: 'lb.example.com' }] } };
    const i = deleteImpact(s);
    expect(i.nodePorts).toEqual(['30080/TCP', '30053/UDP']);
    expect(i.healthCheckNodePort).toBe(32000);
    expect(i.loadBalancerAddresses).toEqual(['172.18.255.1', 'lb.example.com']);
  });

  it('describes headless and ExternalName answers without virtual IPs', () => {
    expect(deleteImpact(svc('h', { clusterIP: 'None', ports: [{ port: 80 }] })).dnsAnswer).toBe('the addresses of its ready pods');
    const ext = deleteImpact(svc('x', { type: 'ExternalName', externalName: 'db.example.com' }));
    expect(ext.dnsAnswer).toBe('a CNAME to db.example.com');
    expect(ext.clusterIPs).toEqual([]);
  });

  it('asks for the typed name in default and kube-system, and warns about default/kubernetes', () => {
    expect(needsTypedConfirmation(svc('a', {}, 'default'))).toBe(true);
    expect(needsTypedConfirmation(svc('a', {}, 'kube-system'))).toBe(true);
    expect(needsTypedConfirmation(svc('a', {}, 'demo'))).toBe(false);
    const k = svc('kubernetes', { ports: [{ port: 443 }] }, 'default');
    expect(isApiServerService(k)).toBe(true);
    expect(deleteImpact(k).notes[0]).toMatch(/API server’s own Service/);
  });
});
