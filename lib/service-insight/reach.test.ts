import { describe, expect, it } from 'vitest';
import type { Node } from '../k8s/types';
import { shellQuote } from '../kubectl-command/shell';
import { kubectlCommands, localForwardPort } from './kubectl';
import { reachAddresses } from './reach';
import { svc } from './test-fixtures';

const node = (name: string, internal: string, external?: string): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name },
  status: {
    addresses: [{ type: 'InternalIP', address: internal }, { type: 'Hostname', address: name }, ...(external ? [{ type: 'ExternalIP' as const, address: external }] : [])],
  },
});

describe('how to reach a Service', () => {
  it('ClusterIP: every cluster IP with every port', () => {
    const s = svc('web', { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10', 'fd00::10'], ports: [{ name: 'http', port: 80, protocol: 'TCP' }] });
    expect(reachAddresses(s).map((r) => `${r.kind} ${r.address}`)).toEqual(['cluster-ip 10.96.0.10:80', 'cluster-ip [fd00::10]:80']);
  });

  it('NodePort: every node address with the node port', () => {
    const s = svc('checkout', { type: 'NodePort', ports: [{ name: 'http', port: 8080, nodePort: 30080 }] });
    const r = reachAddresses(s, [node('node-1', '172.18.0.2', '203.0.113.5'), node('node-2', '172.18.0.3')]);
    expect(r.filter((x) => x.kind === 'node-port').map((x) => `${x.address} ${x.from} ${x.note}`)).toEqual([
      "172.18.0.2:30080 the nodes' network node-1 InternalIP",
      '203.0.113.5:30080 outside the cluster node-1 ExternalIP',
      "172.18.0.3:30080 the nodes' network node-2 InternalIP",
    ]);
  });

  it('externalTrafficPolicy Local: node ports on nodes without a ready local endpoint are marked and listed last (D-16)', () => {
    const s = svc('np-local', { type: 'NodePort', externalTrafficPolicy: 'Local', ports: [{ name: 'http', port: 80, nodePort: 32511 }] });
    const nodes = [node('node-1', '172.18.0.2'), node('node-2', '172.18.0.3'), node('node-3', '172.18.0.4')];
    const base = { addressType: 'IPv4' as const, serving: true, terminating: false, ports: [], source: 's' };
    const endpoints = [
      { ...base, addresses: ['10.244.2.5'], ready: true, nodeName: 'node-2' },
      { ...base, addresses: ['10.244.3.5'], ready: false, nodeName: 'node-3' },
    ];
    const r = reachAddresses(s, nodes, endpoints).filter((x) => x.kind === 'node-port');
    expect(r.map((x) => `${x.address} ${x.drops ? 'drops' : 'works'}`)).toEqual(['172.18.0.3:32511 works', '172.18.0.2:32511 drops', '172.18.0.4:32511 drops']);
    expect(r[1].drops).toBe('drops the traffic: no ready endpoint on node-1 (externalTrafficPolicy: Local)');
    // Cluster policy: every node forwards.
    const cluster = svc('np', { type: 'NodePort', ports: [{ name: 'http', port: 80, nodePort: 32511 }] });
    expect(reachAddresses(cluster, nodes, endpoints).some((x) => x.drops)).toBe(false);
  });

  it('LoadBalancer: the ingress IP or hostname with the ports', () => {
    const s = svc('lb', { type: 'LoadBalancer', ports: [{ name: 'https', port: 443, nodePort: 31443 }] });
    s.status = { loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'VIP' }, { hostname: 'lb.example.com' }] } };
    expect(
      reachAddresses(s)
        .filter((x) => x.kind === 'load-balancer')
        .map((x) => x.address),
    ).toEqual(['172.18.255.1:443', 'lb.example.com:443']);
  });

  it('externalIPs and ExternalName', () => {
    const s = svc('x', { externalIPs: ['198.51.100.32'], ports: [{ port: 80 }] });
    expect(reachAddresses(s).map((x) => x.address)).toEqual(['10.96.0.10:80', '198.51.100.32:80']);
    expect(reachAddresses(svc('e', { type: 'ExternalName', externalName: 'db.example.com' }))).toMatchObject([{ kind: 'external-name', address: 'db.example.com' }]);
  });

  it('headless: no virtual address at all', () => {
    expect(reachAddresses(svc('pg', { clusterIP: 'None', ports: [{ port: 5432 }] }))).toEqual([]);
  });
});

describe('kubectl commands', () => {
  it('get, describe, endpointslices, pods, port-forward', () => {
    const s = svc('frontend', { selector: { app: 'frontend' }, ports: [{ name: 'http', port: 80 }] });
    const cmds = kubectlCommands(s).map((c) => c.command);
    expect(cmds).toContain('kubectl get svc frontend -n shop -o wide');
    expect(cmds).toContain('kubectl describe svc frontend -n shop');
    expect(cmds).toContain('kubectl get endpointslices -n shop -l kubernetes.io/service-name=frontend');
    expect(cmds).toContain('kubectl get pods -n shop -l app=frontend -o wide');
    expect(cmds).toContain('kubectl port-forward svc/frontend 8080:80 -n shop');
  });

  it('no port-forward for ExternalName or a Service without selector', () => {
    expect(kubectlCommands(svc('e', { type: 'ExternalName', externalName: 'a.b' })).some((c) => c.command.includes('port-forward'))).toBe(false);
    expect(kubectlCommands(svc('l', { ports: [{ port: 8080 }] })).some((c) => c.command.includes('port-forward'))).toBe(false);
  });

  it('quotes and picks local ports', () => {
    expect(shellQuote('app=a,tier=b')).toBe('app=a,tier=b');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(localForwardPort(80)).toBe(8080);
    expect(localForwardPort(443)).toBe(8443);
    expect(localForwardPort(5432)).toBe(5432);
  });

  it('ExternalName: no EndpointSlices command (there are none by design)', () => {
    const labels = kubectlCommands(svc('e', { type: 'ExternalName', externalName: 'db.example.com' })).map((c) => c.label);
    expect(labels).not.toContain('Its EndpointSlices');
    expect(kubectlCommands(svc('w', { selector: { app: 'w' }, ports: [{ port: 80 }] })).map((c) => c.label)).toContain('Its EndpointSlices');
  });
});
