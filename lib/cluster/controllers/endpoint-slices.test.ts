import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../../k8s/types/discovery';
import { desiredSliceContents, planSlices } from './endpoint-slices';
import { node, pod, service } from './fixtures.test-support';
import { serviceAddressTypes } from './pod-endpoints';

const nodes = new Map([
  ['node-1', node('node-1', 'zone-a')],
  ['node-2', node('node-2', 'zone-b')],
]);
const web = service('web', {
  selector: { app: 'web' },
  ports: [
    { name: 'http', port: 80, targetPort: 'http' },
    { name: 'metrics', port: 9090, targetPort: 9090, appProtocol: 'http' },
  ],
});

describe('desiredSliceContents', () => {
  it('builds endpoints with conditions, targetRef, nodeName and zone, ports resolved per pod', () => {
    const [slice] = desiredSliceContents(web, [pod('web-1', { ip: '10.244.1.5' }), pod('web-0', { ip: '10.244.2.7', node: 'node-2', ready: false })], nodes);
    expect(slice.ports).toEqual([
      { name: 'http', protocol: 'TCP', port: 8080 },
      { name: 'metrics', protocol: 'TCP', port: 9090, appProtocol: 'http' },
    ]);
    expect(slice.endpoints).toEqual([
      {
        addresses: ['10.244.2.7'],
        conditions: { ready: false, serving: false, terminating: false },
        targetRef: { kind: 'Pod', namespace: 'demo', name: 'web-0', uid: 'uid-web-0' },
        nodeName: 'node-2',
        zone: 'zone-b',
      },
      {
        addresses: ['10.244.1.5'],
        conditions: { ready: true, serving: true, terminating: false },
        targetRef: { kind: 'Pod', namespace: 'demo', name: 'web-1', uid: 'uid-web-1' },
        nodeName: 'node-1',
        zone: 'zone-a',
      },
    ]);
  });

  it('marks terminating pods not ready but serving, unless publishNotReadyAddresses', () => {
    const [s] = desiredSliceContents(web, [pod('web-0', { deleting: true })], nodes);
    expect(s.endpoints[0].conditions).toEqual({ ready: false, serving: true, terminating: true });
    const publish = service('web', { ...web.spec, publishNotReadyAddresses: true });
    const [p] = desiredSliceContents(publish, [pod('web-0', { ready: false })], nodes);
    expect(p.endpoints[0].conditions).toEqual({ ready: true, serving: false, terminating: false });
  });

  it('leaves out pods without an IP and finished pods; keeps an empty placeholder', () => {
    const out = desiredSliceContents(web, [pod('a', { ip: '' }), pod('b', { phase: 'Succeeded' }), pod('c', { phase: 'Failed' })], nodes);
    expect(out).toEqual([{ ports: [], endpoints: [], addressType: 'IPv4' }]);
  });

  it('groups pods by their resolved ports: a pod lacking the named port gets a slice without it', () => {
    const out = desiredSliceContents(web, [pod('good'), pod('bad', { ports: [{ name: 'web', containerPort: 8080 }] })], nodes);
    expect(out).toHaveLength(2);
    const bad = out.find((s) => s.endpoints[0].targetRef?.name === 'bad');
    expect(bad?.ports).toEqual([{ name: 'metrics', protocol: 'TCP', port: 9090, appProtocol: 'http' }]);
  });

  it('sets hostname only for pods whose subdomain is the Service', () => {
    const db = service('db', { clusterIP: 'None', selector: { app: 'db' }, ports: [{ name: 'pg', port: 5432 }] });
    const out = desiredSliceContents(db, [
      pod('db-0', { labels: { app: 'db' }, hostname: 'db-0', subdomain: 'db' }),
      pod('db-1', { labels: { app: 'db' }, hostname: 'db-1', subdomain: 'other', ip: '10.244.1.11' }),
    ], nodes);
    expect(out[0].endpoints.map((e) => e.hostname)).toEqual(['db-0', undefined]);
  });

  it('adds zone hints to ready endpoints when trafficDistribution is PreferClose', () => {
    const close = service('web', { ...web.spec, trafficDistribution: 'PreferClose' });
    const [s] = desiredSliceContents(close, [pod('a'), pod('b', { ready: false, ip: '10.244.1.11' })], nodes);
    expect(s.endpoints.map((e) => e.hints)).toEqual([{ forZones: [{ name: 'zone-a' }] }, undefined]);
  });

  it('puts at most 100 endpoints in a slice', () => {
    const pods = Array.from({ length: 250 }, (_, i) => pod(`p-${String(i).padStart(3, '0')}`, { ip: `10.244.${1 + (i >> 8)}.${i % 256}` }));
    const out = desiredSliceContents(web, pods, nodes);
    expect(out.map((s) => s.endpoints.length)).toEqual([100, 100, 50]);
  });
});

describe('planSlices', () => {
  const now = '2026-01-01T00:00:00.000000000Z';

  it('creates slices with generateName, the real labels and an owner reference', () => {
    const labelled = service('web', web.spec ?? {}, { labels: { team: 'shop' } });
    const plan = planSlices(labelled, desiredSliceContents(labelled, [pod('web-0')], nodes), [], now);
    expect(plan.update).toEqual([]);
    expect(plan.delete).toEqual([]);
    const [s] = plan.create;
    expect(s.metadata.generateName).toBe('web-');
    expect(s.metadata.labels).toEqual({
      team: 'shop',
      'kubernetes.io/service-name': 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    });
    expect(s.metadata.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'uid-web', controller: true, blockOwnerDeletion: true },
    ]);
    expect(s.addressType).toBe('IPv4');
    expect(s.endpoints).toHaveLength(1);
  });

  it('writes nothing when the content is unchanged, updates in place when it changes', () => {
    const first = planSlices(web, desiredSliceContents(web, [pod('web-0')], nodes), [], now).create[0];
    const stored: EndpointSlice = { ...first, metadata: { ...first.metadata, name: 'web-abcde', resourceVersion: '7' } };
    expect(planSlices(web, desiredSliceContents(web, [pod('web-0')], nodes), [stored], 'later')).toEqual({ create: [], update: [], delete: [] });
    const changed = planSlices(web, desiredSliceContents(web, [pod('web-0', { ready: false })], nodes), [stored], 'later');
    expect(changed.create).toEqual([]);
    expect(changed.update).toHaveLength(1);
    expect(changed.update[0].metadata.name).toBe('web-abcde');
    expect(changed.update[0].endpoints?.[0].conditions?.ready).toBe(false);
  });

  it('turns the placeholder into the real slice and deletes extra slices', () => {
    const placeholder = planSlices(web, desiredSliceContents(web, [], nodes), [], now).create[0];
    expect(placeholder.endpoints).toBeNull();
    expect(placeholder.ports).toBeNull();
    const stored = { ...placeholder, metadata: { ...placeholder.metadata, name: 'web-ph000' } };
    const extra = { ...placeholder, metadata: { ...placeholder.metadata, name: 'web-zz999' } };
    const plan = planSlices(web, desiredSliceContents(web, [pod('web-0')], nodes), [stored, extra], now);
    expect(plan.create).toEqual([]);
    expect(plan.update.map((s) => s.metadata.name)).toEqual(['web-ph000']);
    expect(plan.delete.map((s) => s.metadata.name)).toEqual(['web-zz999']);
  });
});

describe('EndpointSlices of IPv6 and dual-stack Services', () => {
  const now = '2026-01-01T00:00:00.000000000Z';
  const dualPod = (name: string, v4: string, v6: string) => {
    const p = pod(name, { ip: v4 });
    return { ...p, status: { ...p.status, podIPs: [{ ip: v4 }, { ip: v6 }] } };
  };
  const dual = service('dual', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4', 'IPv6'] });
  const v6 = service('v6', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ipFamilies: ['IPv6'] });
  const desired = (svc: typeof dual, pods: ReturnType<typeof pod>[]) => serviceAddressTypes(svc).flatMap((t) => desiredSliceContents(svc, pods, nodes, 100, t));

  it('one set of slices per ipFamilies entry; without families the clusterIP decides, headless gets both', () => {
    expect(serviceAddressTypes(dual)).toEqual(['IPv4', 'IPv6']);
    expect(serviceAddressTypes(v6)).toEqual(['IPv6']);
    expect(serviceAddressTypes(service('x', { clusterIP: 'fd00::5' }))).toEqual(['IPv6']);
    expect(serviceAddressTypes(service('h', { clusterIP: 'None' }))).toEqual(['IPv4', 'IPv6']);
  });

  it('an IPv6 Service gets an IPv6 slice with the pods IPv6 addresses', () => {
    const [s] = desired(v6, [dualPod('web-0', '10.244.1.10', 'fd00:10:244:1::a')]);
    expect(s.addressType).toBe('IPv6');
    expect(s.endpoints.map((e) => e.addresses)).toEqual([['fd00:10:244:1::a']]);
  });

  it('IPv4-only pods: a dual-stack Service gets its IPv4 slice and an empty IPv6 placeholder', () => {
    const out = desired(dual, [pod('web-0')]);
    expect(out.map((c) => [c.addressType, c.endpoints.length])).toEqual([
      ['IPv4', 1],
      ['IPv6', 0],
    ]);
    const plan = planSlices(dual, out, [], now);
    expect(plan.create.map((s) => s.addressType)).toEqual(['IPv4', 'IPv6']);
  });

  it('slices are never reused across address types; those of a dropped family are deleted', () => {
    const [v4Slice, v6Slice] = planSlices(dual, desired(dual, [dualPod('web-0', '10.244.1.10', 'fd00:10:244:1::a')]), [], now).create.map(
      (s, i): EndpointSlice => ({ ...s, metadata: { ...s.metadata, name: `dual-${i}` } }),
    );
    const single = { ...dual, spec: { ...dual.spec, ipFamilyPolicy: 'SingleStack' as const, ipFamilies: ['IPv4' as const] } };
    const plan = planSlices(single, desired(single, [dualPod('web-0', '10.244.1.10', 'fd00:10:244:1::a')]), [v6Slice, v4Slice], now);
    expect(plan.update).toEqual([]);
    expect(plan.create).toEqual([]);
    expect(plan.delete.map((s) => s.metadata.name)).toEqual(['dual-1']);
    const swapped = planSlices(v6, desired(v6, [dualPod('web-0', '10.244.1.10', 'fd00:10:244:1::a')]), [v4Slice], now);
    expect(swapped.create.map((s) => s.addressType)).toEqual(['IPv6']);
    expect(swapped.delete.map((s) => s.metadata.name)).toEqual(['dual-0']);
  });
});
