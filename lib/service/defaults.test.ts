import { describe, expect, it } from 'vitest';
import type { Service, ServiceSpec } from '../k8s/types';
import { applyServiceDefaults } from './defaults';

const make = (spec: ServiceSpec, status?: Service['status']): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default' },
  spec,
  ...(status ? { status } : {}),
});

describe('SetDefaults_Service', () => {
  it('does not mutate its input', () => {
    const input = make({ ports: [{ port: 80 }] });
    const copy = JSON.parse(JSON.stringify(input));
    applyServiceDefaults(input);
    expect(input).toEqual(copy);
  });

  const cases: [string, ServiceSpec, Partial<ServiceSpec>][] = [
    [
      'empty spec → ClusterIP, None, Cluster internal policy',
      {},
      { type: 'ClusterIP', sessionAffinity: 'None', internalTrafficPolicy: 'Cluster' },
    ],
    ['port protocol TCP and targetPort = port', { ports: [{ port: 80 }] }, { ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] }],
    ['targetPort 0 becomes port', { ports: [{ port: 81, targetPort: 0 }] }, { ports: [{ port: 81, protocol: 'TCP', targetPort: 81 }] }],
    ['targetPort "" becomes port', { ports: [{ port: 82, targetPort: '' }] }, { ports: [{ port: 82, protocol: 'TCP', targetPort: 82 }] }],
    ['named targetPort kept', { ports: [{ port: 80, targetPort: 'http', protocol: 'UDP' }] }, { ports: [{ port: 80, targetPort: 'http', protocol: 'UDP' }] }],
    [
      'ClientIP gets the 10800 s timeout',
      { sessionAffinity: 'ClientIP' },
      { sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } } },
    ],
    [
      'ClientIP with empty clientIP gets the default',
      { sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: {} } },
      { sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } } },
    ],
    [
      'ClientIP timeout kept',
      { sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 60 } } },
      { sessionAffinityConfig: { clientIP: { timeoutSeconds: 60 } } },
    ],
    [
      'NodePort gets externalTrafficPolicy Cluster',
      { type: 'NodePort' },
      { externalTrafficPolicy: 'Cluster', internalTrafficPolicy: 'Cluster' },
    ],
    [
      'LoadBalancer gets Cluster and allocateLoadBalancerNodePorts true',
      { type: 'LoadBalancer' },
      { externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true, internalTrafficPolicy: 'Cluster' },
    ],
    ['LoadBalancer keeps allocateLoadBalancerNodePorts false', { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false }, { allocateLoadBalancerNodePorts: false }],
    ['LoadBalancer keeps Local', { type: 'LoadBalancer', externalTrafficPolicy: 'Local' }, { externalTrafficPolicy: 'Local' }],
    ['ClusterIP with externalIPs is externally accessible', { externalIPs: ['1.2.3.4'] }, { externalTrafficPolicy: 'Cluster' }],
    ['internalTrafficPolicy Local kept', { internalTrafficPolicy: 'Local' }, { internalTrafficPolicy: 'Local' }],
  ];
  it.each(cases)('%s', (_n, spec, expected) => {
    expect(applyServiceDefaults(make(spec)).spec).toMatchObject(expected);
  });

  it('None drops sessionAffinityConfig', () => {
    const out = applyServiceDefaults(make({ sessionAffinity: 'None', sessionAffinityConfig: { clientIP: { timeoutSeconds: 5 } } }));
    expect(out.spec?.sessionAffinityConfig).toBeUndefined();
  });

  it('ClusterIP without externalIPs gets no externalTrafficPolicy', () => {
    expect(applyServiceDefaults(make({})).spec?.externalTrafficPolicy).toBeUndefined();
  });

  it('ExternalName gets neither traffic policy', () => {
    const spec = applyServiceDefaults(make({ type: 'ExternalName', externalName: 'db.example.com' })).spec;
    expect(spec?.internalTrafficPolicy).toBeUndefined();
    expect(spec?.externalTrafficPolicy).toBeUndefined();
    expect(spec?.allocateLoadBalancerNodePorts).toBeUndefined();
  });

  it('LoadBalancer ingress IPs get ipMode VIP, hostnames do not', () => {
    const out = applyServiceDefaults(
      make({ type: 'LoadBalancer' }, { loadBalancer: { ingress: [{ ip: '172.18.255.1' }, { hostname: 'lb.example.com' }, { ip: '172.18.255.2', ipMode: 'Proxy' }] } }),
    );
    expect(out.status?.loadBalancer?.ingress).toEqual([
      { ip: '172.18.255.1', ipMode: 'VIP' },
      { hostname: 'lb.example.com' },
      { ip: '172.18.255.2', ipMode: 'Proxy' },
    ]);
  });

  it('non-LoadBalancer ingress is left alone', () => {
    const out = applyServiceDefaults(make({ type: 'ClusterIP' }, { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } }));
    expect(out.status?.loadBalancer?.ingress).toEqual([{ ip: '1.2.3.4' }]);
  });
});
