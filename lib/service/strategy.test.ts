import { describe, expect, it } from 'vitest';
import type { Service, ServiceSpec } from '../k8s/types';
import {
  dropTypeDependentFields,
  normalizeClusterIPs,
  patchAllocatedValues,
  prepareServiceForCreate,
  prepareServiceForStatusUpdate,
  prepareServiceForUpdate,
} from './strategy';
import { allocated, defaulted, fmt } from './test-fixtures';
import { validateServiceUpdate } from './validation';

const nodePortSvc = (spec: ServiceSpec = {}) =>
  allocated({ type: 'NodePort', ports: [{ name: 'http', port: 80, nodePort: 30080 }, { name: 'https', port: 443, nodePort: 30443 }], ...spec });
const lbLocal = (spec: ServiceSpec = {}) =>
  allocated({
    type: 'LoadBalancer',
    externalTrafficPolicy: 'Local',
    healthCheckNodePort: 32000,
    loadBalancerClass: 'example.com/lb',
    ports: [{ port: 80, nodePort: 30080 }],
    ...spec,
  });
const withStatus = (svc: Service): Service => ({ ...svc, status: { loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'VIP' }] } } });

describe('prepareServiceForCreate', () => {
  it('clears status and fills clusterIPs from a lone clusterIP', () => {
    const input = withStatus(defaulted({ clusterIP: '10.96.0.20' }));
    const out = prepareServiceForCreate(input);
    expect(out.status).toEqual({ loadBalancer: {} });
    expect(out.spec?.clusterIPs).toEqual(['10.96.0.20']);
    expect(input.status?.loadBalancer?.ingress).toHaveLength(1);
  });

  it('keeps clusterIPs given with clusterIP', () => {
    const out = prepareServiceForCreate(defaulted({ clusterIP: '10.96.0.20', clusterIPs: ['10.96.0.20', 'fd00::20'] }));
    expect(out.spec?.clusterIPs).toEqual(['10.96.0.20', 'fd00::20']);
  });

  it('does not derive clusterIP from clusterIPs', () => {
    const out = prepareServiceForCreate(defaulted({ clusterIPs: ['10.96.0.20'] }));
    expect(out.spec?.clusterIP).toBeUndefined();
  });
});

describe('patchAllocatedValues', () => {
  it('resubmitting the original manifest keeps the allocated values', () => {
    const prev = lbLocal();
    const next = defaulted({ type: 'LoadBalancer', externalTrafficPolicy: 'Local', loadBalancerClass: 'example.com/lb', ports: [{ port: 80 }] });
    const out = patchAllocatedValues(next, prev);
    expect(out.spec?.clusterIP).toBe('10.96.0.10');
    expect(out.spec?.clusterIPs).toEqual(['10.96.0.10']);
    expect(out.spec?.ports?.[0].nodePort).toBe(30080);
    expect(out.spec?.healthCheckNodePort).toBe(32000);
  });

  it('matches node ports by port name', () => {
    const next = defaulted({ type: 'NodePort', ports: [{ name: 'https', port: 8443 }, { name: 'http', port: 8080 }] });
    const out = patchAllocatedValues(next, nodePortSvc());
    expect(out.spec?.ports?.map((p) => p.nodePort)).toEqual([30443, 30080]);
  });

  it('does not reuse a node port the new spec already uses', () => {
    const next = defaulted({ type: 'NodePort', ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443, nodePort: 30080 }] });
    const out = patchAllocatedValues(next, nodePortSvc());
    expect(out.spec?.ports?.map((p) => p.nodePort)).toEqual([undefined, 30080]);
  });

  it('patches nothing across ExternalName', () => {
    const next = defaulted({ type: 'ExternalName', externalName: 'db.example.com' });
    expect(patchAllocatedValues(next, allocated()).spec?.clusterIP).toBeUndefined();
  });

  it('patches no node ports when switching to ClusterIP', () => {
    const next = defaulted({ ports: [{ name: 'http', port: 80 }] });
    expect(patchAllocatedValues(next, nodePortSvc()).spec?.ports?.[0].nodePort).toBeUndefined();
  });
});

describe('normalizeClusterIPs on update', () => {
  it('an old client changing clusterIP only gets clusterIPs synced', () => {
    const next = allocated({ clusterIP: '10.96.0.11' });
    expect(normalizeClusterIPs(next, allocated()).spec?.clusterIPs).toEqual(['10.96.0.11']);
  });

  it('clearing clusterIP with clusterIPs unchanged clears both', () => {
    const next = allocated({ clusterIP: '' });
    expect(normalizeClusterIPs(next, allocated()).spec?.clusterIPs).toBeUndefined();
  });

  it('a patch that omits clusterIPs keeps them', () => {
    const next = allocated({ clusterIPs: undefined });
    expect(normalizeClusterIPs(next, allocated()).spec?.clusterIPs).toEqual(['10.96.0.10']);
  });
});

describe('dropTypeDependentFields', () => {
  it('NodePort → ClusterIP drops unchanged node ports and the external policy', () => {
    const next = nodePortSvc({ type: 'ClusterIP' });
    const out = dropTypeDependentFields(next, nodePortSvc());
    expect(out.spec?.ports?.map((p) => p.nodePort)).toEqual([undefined, undefined]);
    expect(out.spec?.externalTrafficPolicy).toBeUndefined();
  });

  it('NodePort → ClusterIP keeps a node port the user just added (validation rejects it)', () => {
    const next = nodePortSvc({ type: 'ClusterIP', ports: [{ name: 'http', port: 80, nodePort: 30999 }] });
    expect(dropTypeDependentFields(next, nodePortSvc()).spec?.ports?.[0].nodePort).toBe(30999);
  });

  it('LoadBalancer Local → ClusterIP drops hc port, allocate flag, class, policy and LB status', () => {
    const prev = withStatus(lbLocal());
    const next = withStatus(lbLocal({ type: 'ClusterIP' }));
    const out = dropTypeDependentFields(next, prev);
    expect(out.spec?.healthCheckNodePort).toBeUndefined();
    expect(out.spec?.allocateLoadBalancerNodePorts).toBeUndefined();
    expect(out.spec?.loadBalancerClass).toBeUndefined();
    expect(out.spec?.externalTrafficPolicy).toBeUndefined();
    expect(out.spec?.ports?.[0].nodePort).toBeUndefined();
    expect(out.status?.loadBalancer).toEqual({});
  });

  it('LoadBalancer → NodePort keeps node ports and the external policy', () => {
    const out = dropTypeDependentFields(lbLocal({ type: 'NodePort' }), lbLocal());
    expect(out.spec?.ports?.[0].nodePort).toBe(30080);
    expect(out.spec?.externalTrafficPolicy).toBe('Local');
    expect(out.spec?.healthCheckNodePort).toBeUndefined();
  });

  it('a changed loadBalancerClass is kept (validation rejects it)', () => {
    const out = dropTypeDependentFields(lbLocal({ type: 'NodePort', loadBalancerClass: 'other.example.com/lb' }), lbLocal());
    expect(out.spec?.loadBalancerClass).toBe('other.example.com/lb');
  });

  it('ClusterIP → ExternalName drops clusterIP, clusterIPs, ipFamilies and ipFamilyPolicy', () => {
    const out = dropTypeDependentFields(allocated({ type: 'ExternalName', externalName: 'db.example.com' }), allocated());
    expect(out.spec?.clusterIP).toBeUndefined();
    expect(out.spec?.clusterIPs).toBeUndefined();
    expect(out.spec?.ipFamilies).toBeUndefined();
    expect(out.spec?.ipFamilyPolicy).toBeUndefined();
  });

  it('ClusterIP → ExternalName keeps a clusterIP the user changed', () => {
    const next = allocated({ type: 'ExternalName', externalName: 'db.example.com', clusterIP: '10.96.0.99', clusterIPs: ['10.96.0.99'] });
    expect(dropTypeDependentFields(next, allocated()).spec?.clusterIP).toBe('10.96.0.99');
  });

  it('ClusterIP → ExternalName drops internalTrafficPolicy, even one the request repeats', () => {
    const prev = allocated({ internalTrafficPolicy: 'Local' });
    const next = allocated({ type: 'ExternalName', externalName: 'db.example.com', internalTrafficPolicy: 'Local' });
    expect(dropTypeDependentFields(next, prev).spec?.internalTrafficPolicy).toBeUndefined();
    expect(prepareServiceForUpdate(next, prev).spec?.internalTrafficPolicy).toBeUndefined();
    expect(prepareServiceForCreate(next).spec?.internalTrafficPolicy).toBeUndefined();
    expect(prepareServiceForCreate(prev).spec?.internalTrafficPolicy).toBe('Local');
  });

  it('leaves the selector alone', () => {
    const out = dropTypeDependentFields(allocated({ type: 'ExternalName', externalName: 'db.example.com' }), allocated());
    expect(out.spec?.selector).toEqual({ app: 'web' });
  });
});

describe('prepareServiceForUpdate + validateServiceUpdate', () => {
  it('keeps the stored status whatever the request says', () => {
    const prev = withStatus(allocated({ type: 'LoadBalancer' }));
    const next = { ...allocated({ type: 'LoadBalancer' }), status: { loadBalancer: { ingress: [{ ip: '9.9.9.9', ipMode: 'VIP' as const }] } } };
    expect(prepareServiceForUpdate(next, prev).status).toEqual(prev.status);
  });

  it('an apply of the original YAML validates', () => {
    const prev = nodePortSvc();
    const next = defaulted({ type: 'NodePort', ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] }, { resourceVersion: '7', uid: 'u1', creationTimestamp: '2024-01-02T03:04:05Z' });
    const prepared = prepareServiceForUpdate(next, prev);
    expect(fmt(validateServiceUpdate(prepared, prev))).toEqual([]);
  });

  it('switching NodePort → ClusterIP validates once fields are dropped', () => {
    const prev = nodePortSvc();
    const prepared = prepareServiceForUpdate(nodePortSvc({ type: 'ClusterIP' }), prev);
    expect(fmt(validateServiceUpdate(prepared, prev))).toEqual([]);
  });

  it('switching ClusterIP → ExternalName validates once fields are dropped', () => {
    const prev = allocated();
    const next = allocated({ type: 'ExternalName', externalName: 'db.example.com', internalTrafficPolicy: undefined });
    expect(fmt(validateServiceUpdate(prepareServiceForUpdate(next, prev), prev))).toEqual([]);
  });

  it('without the strategy the same switch is rejected', () => {
    const prev = nodePortSvc();
    expect(fmt(validateServiceUpdate(nodePortSvc({ type: 'ClusterIP' }), prev))).toContain(
      "spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
    );
  });

  it('does not mutate its arguments', () => {
    const prev = lbLocal();
    const next = lbLocal({ type: 'ClusterIP' });
    const before = JSON.stringify([prev, next]);
    prepareServiceForUpdate(next, prev);
    expect(JSON.stringify([prev, next])).toBe(before);
  });
});

describe('prepareServiceForStatusUpdate', () => {
  it('a status write never changes spec', () => {
    const prev = allocated({ type: 'LoadBalancer' });
    const next = withStatus(allocated({ type: 'NodePort' }));
    const out = prepareServiceForStatusUpdate(next, prev);
    expect(out.spec).toEqual(prev.spec);
    expect(out.status).toEqual(next.status);
  });
});
