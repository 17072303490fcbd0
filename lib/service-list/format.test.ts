import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { clusterIPText, externalAddress, formatPort } from './format';
import { displayType, selectorText } from '../service/display';

const svc = (spec: Service['spec'], status?: Service['status']): Service => ({ metadata: { name: 'x', namespace: 'demo' }, spec, status });

describe('displayType', () => {
  it('shows headless ClusterIP Services as Headless', () => {
    expect(displayType(svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'] }))).toBe('Headless');
    expect(displayType(svc({ type: 'ClusterIP', clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'] }))).toBe('ClusterIP');
    expect(displayType(svc({ type: 'NodePort' }))).toBe('NodePort');
    expect(displayType(svc({}))).toBe('ClusterIP');
  });
});

describe('clusterIPText', () => {
  it('lists every family, None for headless, nothing for ExternalName', () => {
    expect(clusterIPText(svc({ clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1', 'fd00::1'] }))).toBe('10.96.0.1, fd00::1');
    expect(clusterIPText(svc({ clusterIP: 'None', clusterIPs: ['None'] }))).toBe('None');
    expect(clusterIPText(svc({ type: 'ExternalName', externalName: 'db.example.com' }))).toBe('');
  });
});

describe('externalAddress', () => {
  it('shows LB ingress IPs and hostnames, then externalIPs', () => {
    const lb = svc({ type: 'LoadBalancer', externalIPs: ['192.0.2.9'] }, { loadBalancer: { ingress: [{ ip: '172.18.255.1' }, { hostname: 'lb.example.com' }] } });
    expect(externalAddress(lb)).toEqual({ kind: 'address', text: '172.18.255.1, lb.example.com, 192.0.2.9', values: ['172.18.255.1', 'lb.example.com', '192.0.2.9'] });
  });
  it('says pending for a LoadBalancer without ingress', () => {
    expect(externalAddress(svc({ type: 'LoadBalancer' }))).toMatchObject({ kind: 'pending', text: 'pending' });
    expect(externalAddress(svc({ type: 'LoadBalancer' }, { loadBalancer: {} }))).toMatchObject({ kind: 'pending' });
  });
  it('shows the ExternalName target and externalIPs of other types', () => {
    expect(externalAddress(svc({ type: 'ExternalName', externalName: 'db.example.com' }))).toMatchObject({ kind: 'dns', text: 'db.example.com' });
    expect(externalAddress(svc({ type: 'ClusterIP', externalIPs: ['198.51.100.7'] }))).toMatchObject({ kind: 'address', text: '198.51.100.7' });
    expect(externalAddress(svc({ type: 'NodePort' }))).toMatchObject({ kind: 'none', text: '' });
  });
});

describe('formatPort', () => {
  it('formats port[:nodePort]/protocol → targetPort', () => {
    expect(formatPort({ port: 80, nodePort: 30080, protocol: 'TCP', targetPort: 'http' })).toBe('80:30080/TCP → http');
    expect(formatPort({ port: 53, protocol: 'UDP', targetPort: 5353 })).toBe('53/UDP → 5353');
    expect(formatPort({ port: 443 })).toBe('443/TCP → 443');
  });
});

describe('selectorText', () => {
  it('sorts keys and joins k=v', () => {
    expect(selectorText(svc({ selector: { tier: 'web', app: 'shop' } }))).toBe('app=shop,tier=web');
    expect(selectorText(svc({}))).toBe('');
  });
});
