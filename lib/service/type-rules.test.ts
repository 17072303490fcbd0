import { describe, expect, it } from 'vitest';
import { allocated, defaulted } from './test-fixtures';
import { fieldRule, serviceKindOf, serviceTypeRules, SERVICE_KINDS, type FieldStatus, type ServiceFieldName, type ServiceKind } from './type-rules';

const expected: [ServiceKind, ServiceFieldName, FieldStatus, { defaultValue?: unknown; allocated?: boolean; conditional?: boolean }?][] = [
  ['ClusterIP', 'ports', 'required'],
  ['ClusterIP', 'ports.nodePort', 'forbidden'],
  ['ClusterIP', 'clusterIP', 'optional', { allocated: true }],
  ['ClusterIP', 'sessionAffinity', 'required', { defaultValue: 'None' }],
  ['ClusterIP', 'sessionAffinityConfig', 'optional', { conditional: true }],
  ['ClusterIP', 'externalName', 'ignored'],
  ['ClusterIP', 'externalTrafficPolicy', 'optional', { conditional: true }],
  ['ClusterIP', 'internalTrafficPolicy', 'required', { defaultValue: 'Cluster' }],
  ['ClusterIP', 'loadBalancerClass', 'forbidden'],
  ['ClusterIP', 'loadBalancerSourceRanges', 'forbidden'],
  ['ClusterIP', 'allocateLoadBalancerNodePorts', 'forbidden'],
  ['ClusterIP', 'healthCheckNodePort', 'forbidden'],
  ['NodePort', 'ports.nodePort', 'optional', { allocated: true }],
  ['NodePort', 'externalTrafficPolicy', 'required', { defaultValue: 'Cluster' }],
  ['NodePort', 'loadBalancerClass', 'forbidden'],
  ['LoadBalancer', 'allocateLoadBalancerNodePorts', 'required', { defaultValue: true }],
  ['LoadBalancer', 'loadBalancerClass', 'optional'],
  ['LoadBalancer', 'loadBalancerSourceRanges', 'optional'],
  ['LoadBalancer', 'healthCheckNodePort', 'optional', { conditional: true, allocated: true }],
  ['ExternalName', 'externalName', 'required'],
  ['ExternalName', 'ports', 'optional'],
  ['ExternalName', 'clusterIP', 'forbidden'],
  ['ExternalName', 'ipFamilies', 'forbidden'],
  ['ExternalName', 'ipFamilyPolicy', 'forbidden'],
  ['ExternalName', 'externalIPs', 'ignored'],
  ['ExternalName', 'externalTrafficPolicy', 'forbidden'],
  ['ExternalName', 'ports.nodePort', 'optional', { allocated: false }],
  ['headless', 'clusterIP', 'required'],
  ['headless', 'ports', 'optional'],
  ['headless', 'ports.nodePort', 'forbidden'],
];

describe('type rules derived from validation', () => {
  it.each(expected)('%s %s is %s', (kind, field, status, extra) => {
    const rule = fieldRule(kind, field);
    expect(rule.status).toBe(status);
    if (extra?.defaultValue !== undefined) expect(rule.defaultValue).toEqual(extra.defaultValue);
    if (extra?.allocated !== undefined) expect(rule.allocated).toBe(extra.allocated);
    if (extra?.conditional !== undefined) expect(rule.conditional).toBe(extra.conditional);
  });

  it('every kind has every field, each with a label and an explanation', () => {
    for (const kind of SERVICE_KINDS) {
      const rules = serviceTypeRules(kind);
      expect(rules).toHaveLength(18);
      for (const r of rules) {
        expect(r.label.length).toBeGreaterThan(0);
        expect(r.explanation).toMatch(/\.$/);
      }
    }
  });

  it('explanations read plainly', () => {
    expect(fieldRule('ClusterIP', 'loadBalancerClass').explanation).toBe(
      'Not allowed on ClusterIP Services. Only LoadBalancer Services are handled by a load-balancer implementation.',
    );
    expect(fieldRule('NodePort', 'externalTrafficPolicy').explanation).toMatch(/Required; left empty, the cluster sets "Cluster"\.$/);
    expect(fieldRule('NodePort', 'ports.nodePort').explanation).toMatch(/Leave it empty and the cluster picks one\.$/);
    expect(fieldRule('headless', 'clusterIP').explanation).toMatch(/^Must be "None"/);
  });

  it.each([
    [allocated(), 'ClusterIP'],
    [allocated({ type: 'NodePort' }), 'NodePort'],
    [allocated({ type: 'LoadBalancer' }), 'LoadBalancer'],
    [defaulted({ type: 'ExternalName', externalName: 'x.example.com' }), 'ExternalName'],
    [defaulted({ clusterIP: 'None', clusterIPs: ['None'] }), 'headless'],
    [defaulted({ clusterIP: 'None' }), 'headless'],
  ] as const)('serviceKindOf %#', (svc, kind) => {
    expect(serviceKindOf(svc)).toBe(kind);
  });
});
