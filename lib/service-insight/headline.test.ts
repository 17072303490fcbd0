import { describe, expect, it } from 'vitest';
import type { Node } from '../k8s/types';
import { diagnose, type DiagnosisInput } from './diagnosis';
import { groupSlices, allEndpoints, countEndpointViews } from './endpoints';
import { diagnosisHeadline, endpointHeadline } from './headline';
import { pod, slice, svc } from './test-fixtures';

const http = [{ name: 'http', containerPort: 8080 }];
const headline = (input: Partial<DiagnosisInput> & Pick<DiagnosisInput, 'service'>) =>
  diagnosisHeadline(diagnose({ pods: [], events: [], endpointSlices: [], ...input }), input.service);

describe('diagnosis headline', () => {
  it('a pending load balancer is not "nowhere to go": it says in-cluster traffic works (D-02)', () => {
    const service = svc('payments-gateway', { type: 'LoadBalancer', loadBalancerClass: 'example.com/internal-lb', selector: { app: 'a' }, ports: [{ port: 443, targetPort: 8080 }] });
    const h = headline({ service, pods: [pod('a', { labels: { app: 'a' }, ports: http })] });
    expect(h).toEqual({ severity: 'error', text: 'Reachable inside the cluster, but no external address: the load balancer is pending' });
    const plain = svc('lb', { type: 'LoadBalancer', selector: { app: 'a' }, ports: [{ port: 443, targetPort: 8080 }] });
    expect(headline({ service: plain, pods: [pod('a', { labels: { app: 'a' }, ports: http })] })).toEqual({
      severity: 'warning',
      text: 'Works inside the cluster; no external address yet: the load balancer is pending',
    });
  });

  it('the whole Service broken: nowhere to go, whatever else is pending', () => {
    const service = svc('gw', { type: 'LoadBalancer', loadBalancerClass: 'x/y', selector: { app: 'a' }, ports: [{ port: 443, targetPort: 8080 }] });
    expect(headline({ service, pods: [pod('a', { labels: { app: 'b' } })] }).text).toBe('Traffic to this Service has nowhere to go');
  });

  it('a named targetPort missing on one of two ports names that port; on the only port, the Service', () => {
    const pods = [pod('a', { labels: { app: 'a' }, ports: http })];
    const two = svc('s', { selector: { app: 'a' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }, { name: 'grpc', port: 9000, targetPort: 'grpc' }] });
    expect(headline({ service: two, pods })).toEqual({ severity: 'error', text: 'Traffic to port 9000 (grpc) has nowhere to go (the other ports work)' });
    const one = svc('inventory', { selector: { app: 'a' }, ports: [{ name: 'grpc', port: 9000, targetPort: 'grpc' }] });
    expect(headline({ service: one, pods }).text).toBe('Traffic to this Service has nowhere to go');
  });

  it('externalTrafficPolicy Local with no local endpoint anywhere is an external problem only when endpoints exist', () => {
    const nodes: Node[] = ['node-1', 'node-2'].map((name) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } }));
    const service = svc('np', { type: 'NodePort', externalTrafficPolicy: 'Local', selector: { app: 'a' }, ports: [{ port: 80, targetPort: 8080, nodePort: 30001 }] });
    // The ready endpoint has no node name, so no node has a local one.
    const endpointSlices = [slice('s', 'np', [{ addresses: ['10.244.1.5'], conditions: { ready: true } }])];
    const h = headline({ service, pods: [pod('a', { labels: { app: 'a' }, ports: http })], endpointSlices, nodes });
    expect(h.text).toBe('Reachable inside the cluster, but external traffic is dropped on every node (externalTrafficPolicy: Local, no local endpoint)');
  });

  it('healthy and caveats', () => {
    const service = svc('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] });
    expect(headline({ service, pods: [pod('w', { labels: { app: 'web' }, ports: http })] })).toEqual({ severity: 'ok', text: 'This Service works' });
    const numeric = svc('adm', { selector: { app: 'web' }, ports: [{ port: 9000, targetPort: 9000 }] });
    expect(headline({ service: numeric, pods: [pod('w', { labels: { app: 'web' }, ports: http })] }).text).toBe('This Service works, with caveats');
  });
});

describe('header endpoint count agrees with the diagnosis (D-01)', () => {
  const eps = [{ addresses: ['10.244.1.5'], targetRef: { kind: 'Pod', name: 'inv-1' } }, { addresses: ['10.244.2.5'], targetRef: { kind: 'Pod', name: 'inv-2' } }];
  it('ready endpoints whose slice lists no ports are not offered as taking traffic', () => {
    const counts = countEndpointViews(allEndpoints(groupSlices([slice('inv', 'inventory', eps, { ports: [] })])), true);
    const h = endpointHeadline(counts);
    expect(h.text).toBe('0/2 endpoints can take traffic');
    expect(h.tone).toBe('bad');
    expect(h.detail).toContain('2 ready endpoints serve no port');
  });
  it('otherwise ready/total with a tone', () => {
    const counts = countEndpointViews(allEndpoints(groupSlices([slice('inv', 'inventory', eps)])), true);
    expect(endpointHeadline(counts)).toEqual({ text: '2/2 endpoints ready', tone: 'ok' });
    expect(endpointHeadline({ ready: 1, serving: 1, terminating: 0, total: 2, usable: 1 }).tone).toBe('warn');
    expect(endpointHeadline({ ready: 0, serving: 0, terminating: 0, total: 0, usable: 0 }).tone).toBe('bad');
  });
});
