import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { allocated, defaulted } from './test-fixtures';
import { serviceWarnings } from './warnings';

const cases: [string, Service, string[]][] = [
  ['clean Service', allocated(), []],
  [
    'deprecated topology hints annotation',
    allocated({}, { annotations: { 'service.kubernetes.io/topology-aware-hints': 'Auto' } }),
    ['annotation service.kubernetes.io/topology-aware-hints is deprecated, please use service.kubernetes.io/topology-mode instead'],
  ],
  [
    'clusterIP with leading zeros',
    allocated({ clusterIP: '010.096.000.010', clusterIPs: ['010.096.000.010'] }),
    ['spec.clusterIPs[0]: non-standard IP address "010.096.000.010" will be considered invalid in a future Kubernetes release: use "10.96.0.10"'],
  ],
  ['headless has no IP warning', defaulted({ clusterIP: 'None', clusterIPs: ['None'] }), []],
  [
    'externalIP in non-canonical IPv6',
    allocated({ externalIPs: ['2001:DB8::1'] }),
    ['spec.externalIPs[0]: IPv6 address "2001:DB8::1" should be in RFC 5952 canonical format ("2001:db8::1")'],
  ],
  [
    'ambiguous source range',
    allocated({ type: 'LoadBalancer', loadBalancerSourceRanges: ['10.1.0.0/8'] }),
    ['spec.loadBalancerSourceRanges[0]: CIDR value "10.1.0.0/8" is ambiguous in this context (should be "10.0.0.0/8" or "10.1.0.0/32"?)'],
  ],
  [
    'externalIPs on ExternalName',
    defaulted({ type: 'ExternalName', externalName: 'db.example.com', externalIPs: ['192.0.2.1'] }),
    ['spec.externalIPs is ignored when spec.type is "ExternalName"'],
  ],
  ['externalName on ClusterIP', allocated({ externalName: 'db.example.com' }), ['spec.externalName is ignored when spec.type is not "ExternalName"']],
  [
    'headless with loadBalancerIP, externalIPs and ClientIP affinity',
    defaulted({ clusterIP: 'None', clusterIPs: ['None'], loadBalancerIP: '1.2.3.4', externalIPs: ['1.2.3.5'], sessionAffinity: 'ClientIP' }),
    ['spec.loadBalancerIP is ignored for headless services', 'spec.externalIPs is ignored for headless services', 'spec.SessionAffinity is ignored for headless services'],
  ],
];

describe('serviceWarnings (GetWarningsForService v1.32)', () => {
  it.each(cases)('%s', (_n, svc, expected) => {
    expect(serviceWarnings(svc)).toEqual(expected);
  });
});
