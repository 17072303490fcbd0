import { describe, expect, it } from 'vitest';
import type { Service, ServiceSpec } from '../k8s/types';
import { allocated, fmt, IP_ERR, SUBDOMAIN_ERR } from './test-fixtures';
import { validateServiceStatusUpdate, validateServiceUpdate } from './validation';

const dual: ServiceSpec = {
  clusterIPs: ['10.96.0.10', 'fd00::10'],
  ipFamilies: ['IPv4', 'IPv6'],
  ipFamilyPolicy: 'RequireDualStack',
};
const lbLocal: ServiceSpec = { type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: 32000 };

const cases: [string, Service, Service, string[]][] = [
  ['unchanged', allocated(), allocated(), []],
  ['ports may change', allocated({ ports: [{ name: 'a', port: 8080 }, { name: 'b', port: 9090 }] }), allocated(), []],
  ['resourceVersion required', allocated({}, { resourceVersion: '' }), allocated(), ['metadata.resourceVersion: Invalid value: "": must be specified for an update']],
  ['name immutable', allocated({}, { name: 'web2' }), allocated(), ['metadata.name: Invalid value: "web2": field is immutable']],
  [
    'clusterIP may not change',
    allocated({ clusterIP: '10.96.0.11', clusterIPs: ['10.96.0.11'] }),
    allocated(),
    ['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.11"}: may not change once set'],
  ],
  [
    'primary clusterIP may not be unset',
    allocated({ clusterIP: '', clusterIPs: undefined }),
    allocated(),
    ['spec.clusterIPs[0]: Invalid value: []string(nil): primary clusterIP can not be unset'],
  ],
  [
    'releasing the secondary clusterIP needs SingleStack',
    allocated({ clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'RequireDualStack' }),
    allocated(dual),
    [
      `spec.ipFamilyPolicy: Invalid value: "RequireDualStack": must be set to 'SingleStack' when releasing the secondary clusterIP`,
      `spec.ipFamilyPolicy: Invalid value: "RequireDualStack": must be set to 'SingleStack' when releasing the secondary ipFamily`,
    ],
  ],
  ['downgrade to SingleStack', allocated({ clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' }), allocated(dual), []],
  ['upgrade to dual-stack', allocated(dual), allocated(), []],
  [
    'upgrade may not change the primary clusterIP',
    allocated({ ...dual, clusterIP: '10.96.0.11', clusterIPs: ['10.96.0.11', 'fd00::10'] }),
    allocated(),
    ['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.11", "fd00::10"}: may not change once set'],
  ],
  [
    'ipFamilies may not change',
    allocated({ ipFamilies: ['IPv6'] }),
    allocated(),
    [
      'spec.ipFamilies[0]: Invalid value: []core.IPFamily{"IPv6"}: may not change once set',
      'spec.clusterIPs[0]: Invalid value: "10.96.0.10": expected an IPv6 value as indicated by `ipFamilies[0]`',
    ],
  ],
  [
    'secondary family may not replace the primary on downgrade',
    allocated({ clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv6'], ipFamilyPolicy: 'SingleStack' }),
    allocated(dual),
    [
      'spec.ipFamilies[0]: Invalid value: []string{"10.96.0.10"}: may not change once set',
      'spec.clusterIPs[0]: Invalid value: "10.96.0.10": expected an IPv6 value as indicated by `ipFamilies[0]`',
    ],
  ],
  [
    'headless stays headless with other families',
    allocated({ clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv6'] }),
    allocated({ clusterIP: 'None', clusterIPs: ['None'] }),
    [],
  ],
  [
    'to ExternalName skips clusterIP rules',
    allocated({ type: 'ExternalName', externalName: 'db.example.com', clusterIP: undefined, clusterIPs: undefined, ipFamilies: undefined, ipFamilyPolicy: undefined, internalTrafficPolicy: undefined }),
    allocated(),
    [],
  ],
  [
    'loadBalancerClass may not change',
    allocated({ type: 'LoadBalancer', loadBalancerClass: 'b.example.com/lb' }),
    allocated({ type: 'LoadBalancer', loadBalancerClass: 'a.example.com/lb' }),
    ['spec.loadBalancerClass: Invalid value: "b.example.com/lb": may not change once set'],
  ],
  [
    'loadBalancerClass may not be added',
    allocated({ type: 'LoadBalancer', loadBalancerClass: 'a.example.com/lb' }),
    allocated({ type: 'LoadBalancer' }),
    ['spec.loadBalancerClass: Invalid value: "a.example.com/lb": may not change once set'],
  ],
  [
    'loadBalancerClass may not be removed',
    allocated({ type: 'LoadBalancer' }),
    allocated({ type: 'LoadBalancer', loadBalancerClass: 'a.example.com/lb' }),
    ['spec.loadBalancerClass: Invalid value: "null": may not change once set'],
  ],
  ['loadBalancerClass set while becoming LoadBalancer', allocated({ type: 'LoadBalancer', loadBalancerClass: 'a.example.com/lb' }), allocated(), []],
  [
    'loadBalancerClass kept on a non-LoadBalancer',
    allocated({ type: 'NodePort', loadBalancerClass: 'a.example.com/lb' }),
    allocated({ type: 'LoadBalancer', loadBalancerClass: 'a.example.com/lb' }),
    // reported twice, as the real server does (update check + ValidateService)
    [
      "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
      "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
    ],
  ],
  [
    'healthCheckNodePort immutable',
    allocated({ ...lbLocal, healthCheckNodePort: 32001 }),
    allocated(lbLocal),
    ['spec.healthCheckNodePort: Forbidden: field is immutable'],
  ],
  ['healthCheckNodePort may appear when switching to Local', allocated({ ...lbLocal }), allocated({ type: 'LoadBalancer' }), []],
  [
    'headless may not become a ClusterIP with an address',
    allocated(),
    allocated({ clusterIP: 'None', clusterIPs: ['None'] }),
    ['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.10"}: may not change once set'],
  ],
  [
    'ExternalName may become ClusterIP with any address',
    allocated({ clusterIP: '10.96.0.77', clusterIPs: ['10.96.0.77'] }),
    allocated({ type: 'ExternalName', externalName: 'db.example.com', clusterIP: undefined, clusterIPs: undefined, ipFamilies: undefined, ipFamilyPolicy: undefined }),
    [],
  ],
  ['update re-runs ValidateService', allocated({ ports: [{ port: 80, protocol: 'ICMP' as 'TCP' }] }), allocated(), ['spec.ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"']],
];

describe('validateServiceUpdate (ValidateServiceUpdate v1.32)', () => {
  it.each(cases)('%s', (_name, next, prev, expected) => {
    expect(fmt(validateServiceUpdate(next, prev))).toEqual(expected);
  });
});

const lbSvc = (status: Service['status'], spec: ServiceSpec = { type: 'LoadBalancer' }) => ({ ...allocated(spec), status });

const statusCases: [string, Service, string[]][] = [
  ['ip with VIP', lbSvc({ loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'VIP' }] } }), []],
  ['hostname only', lbSvc({ loadBalancer: { ingress: [{ hostname: 'lb.example.com' }] } }), []],
  ['empty status', lbSvc({ loadBalancer: {} }), []],
  [
    'ingress only on LoadBalancer',
    lbSvc({ loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'VIP' }] } }, {}),
    ["status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"],
  ],
  ['invalid ip', lbSvc({ loadBalancer: { ingress: [{ ip: '1.2.3', ipMode: 'VIP' }] } }), [`status.loadBalancer.ingress[0].ip: Invalid value: "1.2.3": ${IP_ERR}`]],
  ['ipMode required with ip', lbSvc({ loadBalancer: { ingress: [{ ip: '172.18.255.1' }] } }), ['status.loadBalancer.ingress[0].ipMode: Required value: must be specified when `ip` is set']],
  ['ipMode without ip', lbSvc({ loadBalancer: { ingress: [{ hostname: 'lb.example.com', ipMode: 'Proxy' }] } }), ['status.loadBalancer.ingress[0].ipMode: Forbidden: may not be specified when `ip` is not set']],
  [
    'ipMode value',
    lbSvc({ loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'Direct' as 'VIP' }] } }),
    ['status.loadBalancer.ingress[0].ipMode: Unsupported value: "Direct": supported values: "Proxy", "VIP"'],
  ],
  ['hostname must be a DNS subdomain', lbSvc({ loadBalancer: { ingress: [{ hostname: 'LB_1' }] } }), [`status.loadBalancer.ingress[0].hostname: Invalid value: "LB_1": ${SUBDOMAIN_ERR}`]],
  ['hostname may not be an IP', lbSvc({ loadBalancer: { ingress: [{ hostname: '1.2.3.4' }] } }), ['status.loadBalancer.ingress[0].hostname: Invalid value: "1.2.3.4": must be a DNS name, not an IP address']],
];

describe('validateServiceStatusUpdate (ValidateServiceStatusUpdate v1.32)', () => {
  it.each(statusCases)('%s', (_name, next, expected) => {
    expect(fmt(validateServiceStatusUpdate(next, allocated({ type: 'LoadBalancer' })))).toEqual(expected);
  });

  it('checks metadata update rules too', () => {
    const next = { ...allocated({ type: 'LoadBalancer' }, { resourceVersion: '' }) };
    expect(fmt(validateServiceStatusUpdate(next, allocated({ type: 'LoadBalancer' })))).toEqual([
      'metadata.resourceVersion: Invalid value: "": must be specified for an update',
    ]);
  });
});
