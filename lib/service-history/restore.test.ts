import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { recreatePlan, recreateWithFallback, restoreOnto, takenAllocation } from './restore';

const version: Service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop', uid: 'u1', resourceVersion: '10', labels: { app: 'web', tier: 'old' }, managedFields: [{ manager: 'kubectl' }] },
  spec: {
    type: 'NodePort',
    clusterIP: '10.96.0.9',
    clusterIPs: ['10.96.0.9'],
    selector: { app: 'web' },
    ports: [
      { name: 'http', port: 80, targetPort: 8080, nodePort: 30001 },
      { name: 'metrics', port: 9090, targetPort: 9090, nodePort: 30002 },
    ],
  },
  status: { loadBalancer: {} },
};

const live: Service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: 'web',
    namespace: 'shop',
    uid: 'u1',
    resourceVersion: '42',
    creationTimestamp: '2026-01-01T00:00:00Z',
    labels: { app: 'web' },
    managedFields: [{ manager: 'porthole' }],
  },
  spec: {
    type: 'NodePort',
    clusterIP: '10.96.0.10',
    clusterIPs: ['10.96.0.10'],
    selector: { app: 'web2' },
    ports: [{ name: 'http', port: 80, targetPort: 8081, nodePort: 31000 }],
  },
  status: { loadBalancer: { ingress: [] } },
};

describe('restoreOnto', () => {
  it('takes the spec, labels and annotations of the version and the server-owned fields of live', () => {
    const out = restoreOnto(version, live);
    expect(out.metadata.resourceVersion).toBe('42');
    expect(out.metadata.uid).toBe('u1');
    expect(out.metadata.creationTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(out.metadata.managedFields).toEqual([{ manager: 'porthole' }]);
    expect(out.metadata.labels).toEqual({ app: 'web', tier: 'old' });
    expect(out.status).toEqual(live.status);
    expect(out.spec?.clusterIP).toBe('10.96.0.10');
    expect(out.spec?.clusterIPs).toEqual(['10.96.0.10']);
    expect(out.spec?.selector).toEqual({ app: 'web' });
    // http matches live's port: live's nodePort; metrics has no live port: the server allocates one.
    expect(out.spec?.ports).toEqual([
      { name: 'http', port: 80, targetPort: 8080, nodePort: 31000 },
      { name: 'metrics', port: 9090, targetPort: 9090 },
    ]);
  });

  it('drops labels live has and the version had not, and nodePorts when the version is ClusterIP', () => {
    const v: Service = { ...version, metadata: { ...version.metadata, labels: undefined }, spec: { ...version.spec, type: 'ClusterIP' } };
    const out = restoreOnto(v, live);
    expect(out.metadata.labels).toBeUndefined();
    expect(out.spec?.ports?.every((p) => p.nodePort === undefined)).toBe(true);
  });

  it('keeps healthCheckNodePort from live only for externalTrafficPolicy Local', () => {
    const l: Service = { ...live, spec: { ...live.spec, type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: 32000 } };
    expect(
      restoreOnto({ ...version, spec: { ...version.spec, type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: 31999 } }, l).spec?.healthCheckNodePort,
    ).toBe(32000);
    expect(restoreOnto({ ...version, spec: { ...version.spec, type: 'LoadBalancer', externalTrafficPolicy: 'Cluster' } }, l).spec?.healthCheckNodePort).toBeUndefined();
  });

  it('matches unnamed ports by port and protocol', () => {
    const v: Service = { ...version, spec: { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 30001 }] } };
    const l: Service = { ...live, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 31000 }] } };
    expect(restoreOnto(v, l).spec?.ports).toEqual([{ port: 80, protocol: 'TCP', nodePort: 31000 }]);
  });
});

describe('recreatePlan', () => {
  it('strips server-owned metadata and status, keeping allocations by default', () => {
    const { service, dropped } = recreatePlan(version);
    expect(service.metadata).toEqual({ name: 'web', namespace: 'shop', labels: { app: 'web', tier: 'old' } });
    expect(service.status).toBeUndefined();
    expect(service.spec?.clusterIP).toBe('10.96.0.9');
    expect(service.spec?.ports?.map((p) => p.nodePort)).toEqual([30001, 30002]);
    expect(dropped).toEqual([]);
  });

  it('drops clusterIP(s), or nodePorts and healthCheckNodePort, and lists them', () => {
    const v: Service = { ...version, spec: { ...version.spec, healthCheckNodePort: 32100 } };
    expect(recreatePlan(v, { ports: true }).dropped.map((d) => d.path)).toEqual(['spec.ports[0].nodePort', 'spec.ports[1].nodePort', 'spec.healthCheckNodePort']);
    expect(recreatePlan(v, { addresses: true }).dropped.map((d) => d.path)).toEqual(['spec.clusterIP', 'spec.clusterIPs[0]']);
    const { service, dropped } = recreatePlan(v, { addresses: true, ports: true });
    expect(service.spec?.clusterIP).toBeUndefined();
    expect(service.spec?.clusterIPs).toBeUndefined();
    expect(service.spec?.healthCheckNodePort).toBeUndefined();
    expect(service.spec?.ports?.map((p) => p.nodePort)).toEqual([undefined, undefined]);
    expect(dropped).toEqual([
      { path: 'spec.clusterIP', value: '10.96.0.9' },
      { path: 'spec.clusterIPs[0]', value: '10.96.0.9' },
      { path: 'spec.ports[0].nodePort', value: 30001 },
      { path: 'spec.ports[1].nodePort', value: 30002 },
      { path: 'spec.healthCheckNodePort', value: 32100 },
    ]);
  });

  it('keeps a headless clusterIP None', () => {
    const v: Service = { ...version, spec: { clusterIP: 'None', clusterIPs: ['None'], ports: [{ port: 80 }] } };
    const { service, dropped } = recreatePlan(v, { addresses: true, ports: true });
    expect(service.spec?.clusterIP).toBe('None');
    expect(dropped).toEqual([]);
  });
});

describe('takenAllocation', () => {
  it('tells a taken IP from a taken port, and other refusals from both', () => {
    expect(
      takenAllocation({
        code: 422,
        message: 'Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.5"}: failed to allocate IP 10.96.0.5: provided IP is already allocated',
      }),
    ).toBe('addresses');
    expect(takenAllocation({ code: 422, message: 'Service "dup" is invalid: spec.ports[1].nodePort: Invalid value: 30001: provided port is already allocated' })).toBe('ports');
    expect(takenAllocation({ code: 422, message: 'spec.ports[0].port: Required value' })).toBeUndefined();
    expect(takenAllocation({ code: 409, message: 'services "b" already exists' })).toBeUndefined();
  });
});

describe('recreateWithFallback', () => {
  const created = (svc: Service) => ({ ok: true as const, data: svc });
  const refused = (message: string) => ({ ok: false as const, status: { code: 422, message } });

  it('creates with the old clusterIP and nodePorts when the server takes them', async () => {
    const sent: Service[] = [];
    const { outcome, dropped } = await recreateWithFallback(version, async (svc) => (sent.push(svc), created(svc)));
    expect(outcome.ok).toBe(true);
    expect(dropped).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0].spec?.clusterIP).toBe('10.96.0.9');
  });

  it('tries again without the node ports when one is taken, keeping the free clusterIP, and says which were dropped', async () => {
    const sent: Service[] = [];
    const { outcome, dropped } = await recreateWithFallback(version, async (svc) => {
      sent.push(svc);
      return sent.length === 1 ? refused('spec.ports[0].nodePort: Invalid value: 30001: provided port is already allocated') : created(svc);
    });
    expect(outcome.ok).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[1].spec?.clusterIP).toBe('10.96.0.9');
    expect(dropped.map((d) => d.path)).toEqual(['spec.ports[0].nodePort', 'spec.ports[1].nodePort']);
  });

  it('drops the other kind too when that is taken as well, and stops when a kind already dropped is refused again', async () => {
    const sent: Service[] = [];
    const { outcome, dropped } = await recreateWithFallback(version, async (svc) => {
      sent.push(svc);
      return sent.length === 1 ? refused('provided IP is already allocated') : sent.length === 2 ? refused('provided port is already allocated') : created(svc);
    });
    expect(outcome.ok).toBe(true);
    expect(sent).toHaveLength(3);
    expect(dropped.map((d) => d.path)).toEqual(['spec.clusterIP', 'spec.clusterIPs[0]', 'spec.ports[0].nodePort', 'spec.ports[1].nodePort']);

    let calls = 0;
    const again = await recreateWithFallback(version, async () => (calls++, refused('provided IP is already allocated')));
    expect(again.outcome.ok).toBe(false);
    expect(calls).toBe(2);
  });

  it('does not retry other refusals', async () => {
    let calls = 0;
    const { outcome, dropped } = await recreateWithFallback(
      version,
      async () => (calls++, { ok: false as const, status: { code: 409, message: 'services "web" already exists' } }),
    );
    expect(outcome.ok).toBe(false);
    expect(calls).toBe(1);
    expect(dropped).toEqual([]);
  });
});
