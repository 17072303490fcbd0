import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import {
  allocated,
  CIDR_ERR,
  defaulted,
  DNS1035_ERR,
  fmt,
  IP_ERR,
  LABEL_ERR,
  LABEL_VALUE_ERR,
  QNAME_PART,
  RANGE_ERR,
  raw,
  SUBDOMAIN_ERR,
} from './test-fixtures';
import { validateServiceCreate } from './validation';

const SRC = 'service.beta.kubernetes.io/load-balancer-source-ranges';
const lb = { type: 'LoadBalancer' as const };
const headless = { clusterIP: 'None', clusterIPs: ['None'] };
const portKey = (proto: string, port: number) =>
  `core.ServicePort{Name:"", Protocol:"${proto}", AppProtocol:(*string)(nil), Port:${port}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;

const cases: [string, Service, string[]][] = [
  ['valid ClusterIP', allocated(), []],
  ['valid before allocation', defaulted({}), []],
  ['valid headless without ports', defaulted({ ...headless, ports: [] }), []],
  ['valid NodePort with a nodePort', allocated({ type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), []],
  ['valid LoadBalancer', allocated({ ...lb, ports: [{ port: 443, nodePort: 31443 }] }), []],
  ['valid ExternalName', defaulted({ type: 'ExternalName', externalName: 'db.example.com', ports: [] }), []],
  ['ExternalName with a trailing dot', defaulted({ type: 'ExternalName', externalName: 'db.example.com.' }), []],
  // metadata
  ['service name must be a DNS-1035 label', allocated({}, { name: '1web' }), [`metadata.name: Invalid value: "1web": ${DNS1035_ERR}`]],
  ['service name with dots', allocated({}, { name: 'web.v1' }), [`metadata.name: Invalid value: "web.v1": ${DNS1035_ERR}`]],
  [
    'topology annotations must agree',
    allocated({}, { annotations: { 'service.kubernetes.io/topology-aware-hints': 'Auto', 'service.kubernetes.io/topology-mode': 'Disabled' } }),
    ['metadata.annotations[service.kubernetes.io/topology-mode]: Invalid value: "Disabled": must match annotations[service.kubernetes.io/topology-aware-hints] when both are specified'],
  ],
  // ports required / type specific
  ['ports required for ClusterIP', allocated({ ports: [] }), ['spec.ports: Required value']],
  ['ports required for NodePort', allocated({ type: 'NodePort', ports: [] }), ['spec.ports: Required value']],
  ['LoadBalancer may not be headless', defaulted({ ...lb, ...headless }), [`spec.clusterIPs[0]: Invalid value: "None": may not be set to 'None' for LoadBalancer services`]],
  ['NodePort may not be headless', defaulted({ type: 'NodePort', ...headless }), [`spec.clusterIPs[0]: Invalid value: "None": may not be set to 'None' for NodePort services`]],
  [
    'ExternalName forbids clusterIPs, ipFamilies, ipFamilyPolicy',
    defaulted({ type: 'ExternalName', externalName: 'db.example.com', clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' }),
    [
      'spec.clusterIPs: Forbidden: may not be set for ExternalName services',
      'spec.ipFamilies: Forbidden: may not be set for ExternalName services',
      'spec.ipFamilyPolicy: Forbidden: may not be set for ExternalName services',
    ],
  ],
  ['ExternalName requires externalName', defaulted({ type: 'ExternalName' }), ['spec.externalName: Required value']],
  ['ExternalName of a lone dot', defaulted({ type: 'ExternalName', externalName: '.' }), ['spec.externalName: Required value']],
  ['ExternalName must be a DNS subdomain', defaulted({ type: 'ExternalName', externalName: 'Bad_Name' }), [`spec.externalName: Invalid value: "Bad_Name": ${SUBDOMAIN_ERR}`]],
  [
    'ExternalName longer than 253',
    defaulted({ type: 'ExternalName', externalName: `${'a'.repeat(60)}.`.repeat(5) + 'com' }),
    [`spec.externalName: Invalid value: "${`${'a'.repeat(60)}.`.repeat(5)}com": must be no more than 253 characters`],
  ],
  // ports
  ['port names required when several', allocated({ ports: [{ port: 80 }, { port: 81 }] }), ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value']],
  ['single port needs no name', allocated({ ports: [{ port: 80 }] }), []],
  ['port name must be a DNS-1123 label', allocated({ ports: [{ name: 'HTTP', port: 80 }] }), [`spec.ports[0].name: Invalid value: "HTTP": ${LABEL_ERR}`]],
  ['port names unique', allocated({ ports: [{ name: 'http', port: 80 }, { name: 'http', port: 81 }] }), ['spec.ports[1].name: Duplicate value: "http"']],
  ['port 0', allocated({ ports: [{ port: 0 }] }), [`spec.ports[0].port: Invalid value: 0: ${RANGE_ERR}`, `spec.ports[0].targetPort: Invalid value: 0: ${RANGE_ERR}`]],
  ['port 65536', allocated({ ports: [{ port: 65536, targetPort: 8080 }] }), [`spec.ports[0].port: Invalid value: 65536: ${RANGE_ERR}`]],
  ['protocol required', raw({ ...allocated().spec, ports: [{ port: 80, targetPort: 80 }] }), ['spec.ports[0].protocol: Required value']],
  [
    'protocol must be TCP, UDP or SCTP',
    allocated({ ports: [{ port: 80, protocol: 'HTTP' as 'TCP' }] }),
    ['spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"'],
  ],
  ['SCTP is fine', allocated({ ports: [{ port: 80, protocol: 'SCTP' }] }), []],
  ['targetPort 65536', allocated({ ports: [{ port: 80, targetPort: 65536 }] }), [`spec.ports[0].targetPort: Invalid value: 65536: ${RANGE_ERR}`]],
  ['named targetPort ok', allocated({ ports: [{ port: 80, targetPort: 'http-web' }] }), []],
  [
    'targetPort name upper case',
    allocated({ ports: [{ port: 80, targetPort: 'HTTP' }] }),
    [
      'spec.ports[0].targetPort: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      'spec.ports[0].targetPort: Invalid value: "HTTP": must contain at least one letter (a-z)',
    ],
  ],
  ['targetPort numeric string', allocated({ ports: [{ port: 80, targetPort: '8080' }] }), ['spec.ports[0].targetPort: Invalid value: "8080": must contain at least one letter (a-z)']],
  ['targetPort name too long', allocated({ ports: [{ port: 80, targetPort: 'a-very-long-name' }] }), ['spec.ports[0].targetPort: Invalid value: "a-very-long-name": must be no more than 15 characters']],
  ['appProtocol qualified name ok', allocated({ ports: [{ port: 80, appProtocol: 'kubernetes.io/h2c' }] }), []],
  ['appProtocol invalid', allocated({ ports: [{ port: 80, appProtocol: 'bad proto' }] }), [`spec.ports[0].appProtocol: Invalid value: "bad proto": ${QNAME_PART}`]],
  // selector
  ['selector key', allocated({ selector: { '-app': 'web' } }), [`spec.selector: Invalid value: "-app": ${QNAME_PART}`]],
  ['selector value', allocated({ selector: { app: 'web site' } }), [`spec.selector: Invalid value: "web site": ${LABEL_VALUE_ERR}`]],
  ['no selector is fine', allocated({ selector: undefined }), []],
  // session affinity
  ['sessionAffinity required', raw({ ...allocated().spec, sessionAffinity: undefined }), ['spec.sessionAffinity: Required value']],
  ['sessionAffinity value', allocated({ sessionAffinity: 'Sticky' as 'None' }), ['spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"']],
  ['ClientIP timeout 0', allocated({ sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 0 } } }), ['spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 0: must be greater than 0 and less than 86400']],
  ['ClientIP timeout 86401', allocated({ sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 86401 } } }), ['spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 86401: must be greater than 0 and less than 86400']],
  ['ClientIP timeout 86400 ok', allocated({ sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 86400 } } }), []],
  ['ClientIP config required', raw({ ...allocated().spec, sessionAffinity: 'ClientIP' }), ['spec.sessionAffinityConfig: Required value: when session affinity type is ClientIP']],
  ['ClientIP clientIP required', raw({ ...allocated().spec, sessionAffinity: 'ClientIP', sessionAffinityConfig: {} }), ['spec.sessionAffinityConfig.clientIP: Required value: when session affinity type is ClientIP']],
  ['ClientIP timeout required', raw({ ...allocated().spec, sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: {} } }), ['spec.sessionAffinityConfig.clientIP.timeoutSeconds: Required value: when session affinity type is ClientIP']],
  ['None forbids a config', raw({ ...allocated().spec, sessionAffinityConfig: { clientIP: { timeoutSeconds: 10 } } }), ['spec.sessionAffinityConfig: Forbidden: must not be set when session affinity is None']],
  // cluster IPs
  ['clusterIPs required with clusterIP', allocated({ clusterIPs: [] }), ['spec.clusterIPs: Required value']],
  ['clusterIPs[0] must match clusterIP', allocated({ clusterIPs: ['10.96.0.11'] }), ['spec.clusterIPs: Invalid value: []string{"10.96.0.11"}: first value must match `clusterIP`']],
  ['clusterIPs without clusterIP', allocated({ clusterIP: '' }), ['spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: must be empty when `clusterIP` is not specified']],
  ['unknown ipFamily', allocated({ ipFamilies: ['IPv5' as 'IPv4'] }), ['spec.ipFamilies[0]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6"']],
  ['duplicate ipFamily', allocated({ ipFamilies: ['IPv4', 'IPv4'] }), ['spec.ipFamilies[1]: Duplicate value: "IPv4"']],
  ['unknown ipFamilyPolicy', allocated({ ipFamilyPolicy: 'DualStack' as 'SingleStack' }), ['spec.ipFamilyPolicy: Unsupported value: "DualStack": supported values: "PreferDualStack", "RequireDualStack", "SingleStack"']],
  ['None must be alone', allocated({ clusterIP: 'None', clusterIPs: ['None', '10.96.0.1'] }), [`spec.clusterIPs: Invalid value: []string{"None", "10.96.0.1"}: 'None' must be the first and only value`]],
  ['invalid clusterIP', allocated({ clusterIP: '10.96.0.300', clusterIPs: ['10.96.0.300'] }), [`spec.clusterIPs[0]: Invalid value: "10.96.0.300": ${IP_ERR}`]],
  ['invalid secondary clusterIP', allocated({ clusterIPs: ['10.96.0.10', 'fd00::zz'], ipFamilyPolicy: 'RequireDualStack' }), [`spec.clusterIPs[1]: Invalid value: "fd00::zz": ${IP_ERR}`]],
  [
    'at most two clusterIPs',
    allocated({ clusterIPs: ['10.96.0.10', 'fd00::10', '10.96.0.11'], ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'RequireDualStack' }),
    ['spec.clusterIPs: Invalid value: []string{"10.96.0.10", "fd00::10", "10.96.0.11"}: may only hold up to 2 values'],
  ],
  ['two IPv4 clusterIPs', allocated({ clusterIPs: ['10.96.0.10', '10.96.0.11'], ipFamilyPolicy: 'RequireDualStack' }), ['spec.clusterIPs: Invalid value: []string{"10.96.0.10", "10.96.0.11"}: may specify no more than one IP for each IP family']],
  ['valid dual-stack', allocated({ clusterIPs: ['10.96.0.10', 'fd00::10'], ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'RequireDualStack' }), []],
  ['IPv6 clusterIP with IPv4 family', allocated({ clusterIP: 'fd00::10', clusterIPs: ['fd00::10'] }), ['spec.clusterIPs[0]: Invalid value: "fd00::10": expected an IPv4 value as indicated by `ipFamilies[0]`']],
  ['IPv4 clusterIP with IPv6 family', allocated({ ipFamilies: ['IPv6'] }), ['spec.clusterIPs[0]: Invalid value: "10.96.0.10": expected an IPv6 value as indicated by `ipFamilies[0]`']],
  ['legacy leading zeros accepted', allocated({ clusterIP: '010.096.000.010', clusterIPs: ['010.096.000.010'] }), []],
  // external IPs
  ['externalIP invalid', allocated({ externalIPs: ['1.2.3'] }), [`spec.externalIPs[0]: Invalid value: "1.2.3": ${IP_ERR}`]],
  ['externalIP loopback', allocated({ externalIPs: ['127.0.0.1'] }), ['spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)']],
  ['externalIP ok', allocated({ externalIPs: ['192.0.2.10'] }), []],
  // type
  ['type required', raw({ ...allocated().spec, type: undefined, internalTrafficPolicy: 'Cluster' }), ['spec.type: Required value']],
  ['type unsupported', allocated({ type: 'Ingress' as 'ClusterIP' }), ['spec.type: Unsupported value: "Ingress": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"']],
  // node ports
  ['nodePort forbidden on ClusterIP', allocated({ ports: [{ port: 80, nodePort: 30080 }] }), ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"]],
  // ValidateService has no node-port number rule: the allocator refuses such ports on create, and a
  // dry run lets them through (kube-apiserver v1.32 answers 201 with nodePort 99999).
  ['nodePort out of range', allocated({ type: 'NodePort', ports: [{ port: 80, nodePort: 99999 }] }), []],
  ['negative nodePort', allocated({ type: 'NodePort', ports: [{ port: 80, nodePort: -1 }] }), []],
  [
    'duplicate nodePort',
    allocated({ type: 'NodePort', ports: [{ name: 'a', port: 80, nodePort: 30080 }, { name: 'b', port: 81, nodePort: 30080 }] }),
    ['spec.ports[1].nodePort: Duplicate value: 30080'],
  ],
  ['same nodePort for TCP and UDP', allocated({ type: 'NodePort', ports: [{ name: 'a', port: 53, nodePort: 30053 }, { name: 'b', port: 53, protocol: 'UDP', nodePort: 30053 }] }), []],
  ['duplicate port and protocol', allocated({ ports: [{ name: 'a', port: 80 }, { name: 'b', port: 80, targetPort: 8080 }] }), [`spec.ports[1]: Duplicate value: ${portKey('TCP', 80)}`]],
  ['same port for TCP and UDP', allocated({ ports: [{ name: 'dns', port: 53 }, { name: 'dns-udp', port: 53, protocol: 'UDP' }] }), []],
  // source ranges
  ['source ranges only for LoadBalancer', allocated({ loadBalancerSourceRanges: ['10.0.0.0/8'] }), ["spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'"]],
  ['source range CIDR', allocated({ ...lb, loadBalancerSourceRanges: ['10.0.0.0/40'] }), [`spec.LoadBalancerSourceRanges[0]: Invalid value: "10.0.0.0/40": ${CIDR_ERR}`]],
  ['source range may be space-padded', allocated({ ...lb, loadBalancerSourceRanges: [' 10.0.0.0/8 '] }), []],
  ['source ranges annotation only for LoadBalancer', allocated({}, { annotations: { [SRC]: '10.0.0.0/8' } }), [`metadata.annotations[${SRC}]: Forbidden: may only be used when \`type\` is 'LoadBalancer'`]],
  ['source ranges annotation CIDRs', allocated(lb, { annotations: { [SRC]: '10.0.0.0/8, bogus' } }), [`metadata.annotations[${SRC}]: Invalid value: "bogus": ${CIDR_ERR}`]],
  ['field wins over annotation', allocated({ ...lb, loadBalancerSourceRanges: ['10.0.0.0/8'] }, { annotations: { [SRC]: 'bogus' } }), []],
  // allocateLoadBalancerNodePorts
  ['allocateLoadBalancerNodePorts only for LoadBalancer', allocated({ type: 'NodePort', allocateLoadBalancerNodePorts: false }), ["spec.allocateLoadBalancerNodePorts: Forbidden: may only be used when `type` is 'LoadBalancer'"]],
  ['allocateLoadBalancerNodePorts required (real path has no spec.)', raw({ ...allocated(lb).spec, allocateLoadBalancerNodePorts: undefined }), ['allocateLoadBalancerNodePorts: Required value']],
  ['LoadBalancer without node ports', allocated({ ...lb, allocateLoadBalancerNodePorts: false }), []],
  // loadBalancerClass
  ['loadBalancerClass only for LoadBalancer', allocated({ loadBalancerClass: 'example.com/lb' }), ["spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'"]],
  ['loadBalancerClass qualified name', allocated({ ...lb, loadBalancerClass: 'bad class' }), [`spec.loadBalancerClass: Invalid value: "bad class": ${QNAME_PART}`]],
  ['loadBalancerClass ok', allocated({ ...lb, loadBalancerClass: 'example.com/internal-vip' }), []],
  // traffic policies
  ['externalTrafficPolicy needs external access', allocated({ externalTrafficPolicy: 'Local' }), ['spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services']],
  ['externalTrafficPolicy with externalIPs ok', allocated({ externalIPs: ['192.0.2.1'], externalTrafficPolicy: 'Local' }), []],
  ['externalTrafficPolicy required', raw({ ...allocated({ type: 'NodePort' }).spec, externalTrafficPolicy: undefined }), ['spec.externalTrafficPolicy: Required value']],
  ['externalTrafficPolicy value', allocated({ type: 'NodePort', externalTrafficPolicy: 'Global' as 'Cluster' }), ['spec.externalTrafficPolicy: Unsupported value: "Global": supported values: "Cluster", "Local"']],
  ['healthCheckNodePort only for LoadBalancer Local', allocated({ type: 'NodePort', healthCheckNodePort: 30000 }), ["spec.healthCheckNodePort: Invalid value: 30000: may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"]],
  ['healthCheckNodePort on LoadBalancer Cluster', allocated({ ...lb, healthCheckNodePort: 30000 }), ["spec.healthCheckNodePort: Invalid value: 30000: may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"]],
  ['healthCheckNodePort required for Local', allocated({ ...lb, externalTrafficPolicy: 'Local' }), ['spec.healthCheckNodePort: Required value']],
  ['healthCheckNodePort range', allocated({ ...lb, externalTrafficPolicy: 'Local', healthCheckNodePort: 70000 }), [`spec.healthCheckNodePort: Invalid value: 70000: ${RANGE_ERR}`]],
  ['healthCheckNodePort ok', allocated({ ...lb, externalTrafficPolicy: 'Local', healthCheckNodePort: 32000 }), []],
  ['internalTrafficPolicy required', raw({ ...allocated().spec, internalTrafficPolicy: undefined }), ['spec.internalTrafficPolicy: Required value']],
  ['internalTrafficPolicy value', allocated({ internalTrafficPolicy: 'Node' as 'Local' }), ['spec.internalTrafficPolicy: Unsupported value: "Node": supported values: "Cluster", "Local"']],
  ['internalTrafficPolicy not required for ExternalName', raw({ type: 'ExternalName', externalName: 'x.example.com', sessionAffinity: 'None' }), []],
  ['trafficDistribution PreferClose', allocated({ trafficDistribution: 'PreferClose' }), []],
  ['trafficDistribution value', allocated({ trafficDistribution: 'Nearest' }), ['spec.trafficDistribution: Unsupported value: "Nearest": supported values: "PreferClose"']],
];

describe('validateServiceCreate (ValidateService v1.32)', () => {
  it.each(cases)('%s', (_name, svc, expected) => {
    expect(fmt(validateServiceCreate(svc))).toEqual(expected);
  });

  it('a draft (allocated: false) with an impossible node port reads as the brief example, for forms', () => {
    const svc = allocated({ type: 'NodePort', ports: [{ port: 80, nodePort: 99999 }] });
    expect(fmt(validateServiceCreate(svc, { allocated: false }))).toEqual([`spec.ports[0].nodePort: Invalid value: 99999: ${RANGE_ERR}`]);
    const negative = allocated({ type: 'NodePort', ports: [{ port: 80, nodePort: -1 }] });
    expect(fmt(validateServiceCreate(negative, { allocated: false }))).toEqual([`spec.ports[0].nodePort: Invalid value: -1: ${RANGE_ERR}`]);
  });

  it('a draft (allocated: false) does not require the health-check node port', () => {
    expect(validateServiceCreate(allocated({ ...lb, externalTrafficPolicy: 'Local' }), { allocated: false })).toEqual([]);
  });

  it('errors come in the real order with their types', () => {
    const svc = allocated({ ports: [{ name: 'A', port: 0 }, { port: 80 }], sessionAffinity: 'x' as 'None' }, { name: 'Web' });
    const errs = validateServiceCreate(svc);
    expect(errs.map((e) => [e.type, e.field])).toEqual([
      ['FieldValueInvalid', 'metadata.name'],
      ['FieldValueInvalid', 'spec.ports[0].name'],
      ['FieldValueInvalid', 'spec.ports[0].port'],
      ['FieldValueInvalid', 'spec.ports[0].targetPort'],
      ['FieldValueRequired', 'spec.ports[1].name'],
      ['FieldValueNotSupported', 'spec.sessionAffinity'],
    ]);
  });
});
