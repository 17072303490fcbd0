import { describe, expect, it } from 'vitest';
import type { Service } from '../../k8s/types/service';
import { apiError, setup, svc } from './allocation.test-support';
import { createServiceAllocation } from './index';

const web = { selector: { app: 'web' }, ports: [{ name: 'http', port: 80 }] };

describe('Service allocation on create', () => {
  it('allocates a clusterIP and defaults the IP families of a single-stack cluster', () => {
    const { create, alloc } = setup();
    const out = create(svc('web', web));
    expect(out.spec?.clusterIP).toMatch(/^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/);
    expect(out.spec?.clusterIPs).toEqual([out.spec?.clusterIP]);
    expect(out.spec?.ipFamilies).toEqual(['IPv4']);
    expect(out.spec?.ipFamilyPolicy).toBe('SingleStack');
    expect(alloc.ips.isAllocated(out.spec?.clusterIP ?? '')).toBe(true);
    expect(alloc.kubernetesServiceIP).toBe('10.96.0.1');
  });

  it('refuses an IP that is taken or outside the range with the real 422', () => {
    const { create } = setup();
    create(svc('a', { ...web, clusterIP: '10.96.0.5' }));
    const err = apiError(() => create(svc('b', { ...web, clusterIP: '10.96.0.5' })));
    expect(err.code).toBe(422);
    expect(err.status.message).toBe(
      'Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.5"}: failed to allocate IP 10.96.0.5: provided IP is already allocated',
    );
    expect(err.status.details?.causes?.[0]?.field).toBe('spec.clusterIPs');
    const out = apiError(() => create(svc('c', { ...web, clusterIP: '192.168.0.1' })));
    expect(out.status.message).toContain(
      'failed to allocate IP 192.168.0.1: the provided IP (192.168.0.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12',
    );
  });

  it('allocates node ports, refuses out-of-range and taken ones', () => {
    const { create, alloc } = setup();
    const np = create(svc('np', { type: 'NodePort', selector: { app: 'web' }, ports: [{ name: 'http', port: 80 }, { name: 'dns', port: 53, protocol: 'UDP' }, { name: 'dns-tcp', port: 53, protocol: 'TCP' }] }));
    const ports = np.spec?.ports ?? [];
    expect(ports.every((p) => (p.nodePort ?? 0) >= 30000 && (p.nodePort ?? 0) <= 32767)).toBe(true);
    // the same port number shares one node port (initNodePorts)
    expect(ports[1].nodePort).toBe(ports[2].nodePort);
    expect(alloc.ports.used()).toBe(2);

    const bad = apiError(() => create(svc('bad', { type: 'NodePort', ports: [{ port: 80, nodePort: 99999 }] })));
    expect(bad.status.message).toBe(
      'Service "bad" is invalid: spec.ports[0].nodePort: Invalid value: 99999: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
    const taken = ports[0].nodePort ?? 0;
    const dup = apiError(() => create(svc('dup', { type: 'NodePort', ports: [{ name: 'a', port: 81 }, { name: 'b', port: 82, nodePort: taken }] })));
    expect(dup.status.message).toBe(`Service "dup" is invalid: spec.ports[1].nodePort: Invalid value: ${taken}: provided port is already allocated`);
    // the failed create released the port it had taken for ports[0]
    expect(alloc.ports.used()).toBe(2);
  });

  it('gives a LoadBalancer with externalTrafficPolicy Local a health-check node port', () => {
    const { create, alloc } = setup();
    const lb = create(svc('lb', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', selector: { app: 'x' }, ports: [{ port: 443 }] }));
    expect(lb.spec?.healthCheckNodePort).toBeGreaterThanOrEqual(30000);
    expect(alloc.ports.used()).toBe(2);
    const noNp = create(svc('lb2', { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, selector: { app: 'x' }, ports: [{ port: 443 }] }));
    expect(noNp.spec?.ports?.[0].nodePort).toBeUndefined();
  });

  it('leaves headless and ExternalName Services without a clusterIP', () => {
    const { create, alloc } = setup();
    const headless = create(svc('db', { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] }));
    expect(headless.spec?.clusterIPs).toEqual(['None']);
    expect(headless.spec?.ipFamilies).toEqual(['IPv4']);
    expect(headless.spec?.ipFamilyPolicy).toBe('SingleStack');
    const selectorless = create(svc('ext-db', { clusterIP: 'None', ports: [{ port: 5432 }] }));
    expect(selectorless.spec?.ipFamilyPolicy).toBe('RequireDualStack');
    expect(selectorless.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
    const ext = create(svc('ext', { type: 'ExternalName', externalName: 'example.com' }));
    expect(ext.spec?.clusterIP).toBeUndefined();
    expect(ext.spec?.ipFamilies).toBeUndefined();
    expect(alloc.ips.used()).toBe(0);
  });

  it('keeps PreferDualStack single-stack on a single-stack cluster', () => {
    const { create } = setup();
    const out = create(svc('prefer', { ...web, ipFamilyPolicy: 'PreferDualStack' }));
    expect(out.spec?.ipFamilyPolicy).toBe('PreferDualStack');
    expect(out.spec?.ipFamilies).toEqual(['IPv4']);
    expect(out.spec?.clusterIPs).toHaveLength(1);
  });

  it('rejects families this cluster lacks', () => {
    const { create } = setup();
    const err = apiError(() => create(svc('v6', { ...web, ipFamilies: ['IPv6'] })));
    expect(err.status.message).toBe('Service "v6" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster');
    const v6ip = apiError(() => create(svc('v6ip', { ...web, clusterIP: 'fd00::1' })));
    expect(v6ip.status.message).toBe('Service "v6ip" is invalid: spec.clusterIPs[0]: Invalid value: []string{"fd00::1"}: IPv6 is not configured on this cluster');
    const dual = apiError(() => create(svc('dual', { ...web, ipFamilyPolicy: 'RequireDualStack' })));
    expect(dual.status.message).toBe(
      'Service "dual" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
    );
  });

  it('leaves nothing allocated after a failed write or a dry run', () => {
    const { store, alloc, create } = setup();
    create(svc('dry', { type: 'NodePort', ...web }), true);
    expect(alloc.ips.used()).toBe(0);
    expect(alloc.ports.used()).toBe(0);
    expect(() =>
      store.transact((tx) => {
        alloc.beginCreate(tx, svc('fail', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', ...web }));
        throw new Error('validation failed');
      }),
    ).toThrow('validation failed');
    expect(alloc.ips.used()).toBe(0);
    expect(alloc.ports.used()).toBe(0);
  });

  it('reports exhaustion as the real internal error', () => {
    const { create } = setup({ serviceCIDR: '10.0.0.0/30', nodePortRange: '30000-30000' });
    create(svc('a', web));
    create(svc('b', web));
    const err = apiError(() => create(svc('c', web)));
    expect(err.code).toBe(500);
    expect(err.status.message).toBe('Internal error occurred: failed to allocate a serviceIP: range is full');
  });
});

describe('Service allocation on update, delete and restart', () => {
  it('releases node ports on NodePort -> ClusterIP only when the write commits', () => {
    const { create, update, alloc } = setup();
    const np = create(svc('np', { type: 'NodePort', ...web }));
    const port = np.spec?.ports?.[0].nodePort ?? 0;
    const toClusterIP: Service = structuredClone(np);
    toClusterIP.spec = { ...toClusterIP.spec, type: 'ClusterIP' };
    delete toClusterIP.spec.externalTrafficPolicy;
    const dry = update(toClusterIP, np, true);
    expect(dry.spec?.ports?.[0].nodePort).toBeUndefined();
    expect(alloc.ports.isAllocated(port)).toBe(true);
    update(toClusterIP, np);
    expect(alloc.ports.isAllocated(port)).toBe(false);
  });

  it('keeps allocated values when a client resubmits without them, and allocates on ClusterIP -> NodePort', () => {
    const { create, update, alloc } = setup();
    const np = create(svc('np', { type: 'NodePort', ...web }));
    const resubmit = svc('np', { type: 'NodePort', ...web });
    const out = update(resubmit, np);
    expect(out.spec?.clusterIP).toBe(np.spec?.clusterIP);
    expect(out.spec?.ports?.[0].nodePort).toBe(np.spec?.ports?.[0].nodePort);
    expect(alloc.ports.used()).toBe(1);

    const c = create(svc('c', web));
    const asNodePort: Service = structuredClone(c);
    asNodePort.spec = { ...asNodePort.spec, type: 'NodePort', externalTrafficPolicy: 'Cluster' };
    const after = update(asNodePort, c);
    expect(after.spec?.ports?.[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(alloc.ports.used()).toBe(2);
  });

  it('releases the clusterIP on ClusterIP -> ExternalName and allocates one back', () => {
    const { create, update, alloc } = setup();
    const c = create(svc('c', web));
    const ip = c.spec?.clusterIP ?? '';
    const toExt: Service = structuredClone(c);
    toExt.spec = { ...toExt.spec, type: 'ExternalName', externalName: 'example.com' };
    const ext = update(toExt, c);
    expect(ext.spec?.clusterIP).toBeUndefined();
    expect(alloc.ips.isAllocated(ip)).toBe(false);
    const back: Service = structuredClone(ext);
    back.spec = { ...back.spec, type: 'ClusterIP' };
    delete back.spec.externalName;
    const again = update(back, ext);
    expect(again.spec?.clusterIP).toMatch(/^10\./);
    expect(again.spec?.ipFamilies).toEqual(['IPv4']);
    expect(alloc.ips.used()).toBe(1);
  });

  it('releases everything on delete (not on a dry-run delete) and drops the Endpoints', () => {
    const { store, create, remove, alloc } = setup();
    const lb = create(svc('lb', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', ...web }));
    store.transact((tx) => tx.create('endpoints', { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'lb', namespace: 'demo' } }));
    remove(lb, true);
    expect(alloc.ips.used()).toBe(1);
    expect(alloc.ports.used()).toBe(2);
    remove(lb);
    expect(alloc.ips.used()).toBe(0);
    expect(alloc.ports.used()).toBe(0);
    expect(store.get('endpoints', 'demo', 'lb')).toBeUndefined();
  });

  it('rebuilds its state from stored Services after a restart', () => {
    const first = setup();
    const np = first.create(svc('np', { type: 'NodePort', ...web }));
    const lb = first.create(svc('lb', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', ...web }));
    const restarted = createServiceAllocation();
    restarted.rebuild([np, lb, svc('ext', { type: 'ExternalName', externalName: 'x.example' })]);
    expect(restarted.ips.used()).toBe(2);
    expect(restarted.ports.used()).toBe(3);
    expect(restarted.ips.isAllocated(np.spec?.clusterIP ?? '')).toBe(true);
    expect(() => restarted.ports.allocate(np.spec?.ports?.[0].nodePort ?? 0)).toThrow('provided port is already allocated');
  });
});

describe('dry runs answer as kube-apiserver v1.32 dry runs do', () => {
  it('puts the service CIDR’s network address in place of a free ClusterIP, and 32769, 32770 … in place of node ports', () => {
    const { create, alloc } = setup();
    const out = create(svc('lb', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', selector: { app: 'web' }, ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] }), true);
    expect(out.spec?.clusterIP).toBe('10.96.0.0');
    expect(out.spec?.clusterIPs).toEqual(['10.96.0.0']);
    expect(out.spec?.ports?.map((p) => p.nodePort)).toEqual([32769, 32770]);
    expect(out.spec?.healthCheckNodePort).toBe(32771);
    expect(alloc.ips.used()).toBe(0);
    expect(alloc.ports.used()).toBe(0);
  });

  it('checks a requested IP against the range only, and a requested node port only against the ports taken', () => {
    const { create } = setup();
    create(svc('a', { type: 'NodePort', clusterIP: '10.96.0.5', selector: { app: 'web' }, ports: [{ port: 80, nodePort: 30080 }] }));
    // A taken IP passes the dry run (the real server does not look: "racy and not worth the effort").
    expect(create(svc('b', { ...web, clusterIP: '10.96.0.5' }), true).spec?.clusterIP).toBe('10.96.0.5');
    expect(apiError(() => create(svc('c', { ...web, clusterIP: '192.168.0.1' }), true)).code).toBe(422);
    // A node port outside the range (or any number at all) passes; a taken one does not.
    expect(create(svc('d', { type: 'NodePort', selector: { app: 'web' }, ports: [{ port: 80, nodePort: 99999 }] }), true).spec?.ports?.[0]?.nodePort).toBe(99999);
    const taken = apiError(() => create(svc('e', { type: 'NodePort', selector: { app: 'web' }, ports: [{ port: 80, nodePort: 30080 }] }), true));
    expect(taken.code).toBe(422);
    expect(taken.status.message).toContain('provided port is already allocated');
    // Without dryRun the same out-of-range node port is refused.
    expect(apiError(() => create(svc('f', { type: 'NodePort', selector: { app: 'web' }, ports: [{ port: 80, nodePort: 99999 }] }))).status.message).toContain('provided port is not in the valid range');
  });
});
