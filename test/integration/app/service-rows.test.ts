/**
 * The Service list's projection over HTTP (issues 10/11): /api/service-rows and watches with
 * `v=rows` carry only what the list shows; whole objects stay available to the detail page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service, ServiceList } from '../../../lib/k8s/types';
import type { StreamEvents } from '../../../lib/live/protocol';
import { decodeServiceRows, type ServiceRowList } from '../../../lib/service-list/row-wire';
import { asContext, sseReader, startAppStack, type AppStack, type SseEvent } from './stack';

let stack: AppStack;
const NS = 'it-rows';

const service = (name: string): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: NS, labels: { app: name }, annotations: { note: 'x'.repeat(2000) } },
  spec: { type: 'NodePort', selector: { app: name }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
});

beforeAll(async () => {
  stack = await startAppStack();
  await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
  for (const name of ['a', 'b']) expect((await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, service(name))).status).toBe(201);
});

afterAll(async () => {
  await stack?.stop();
});

const changes = (events: SseEvent[]) => events.filter((e) => e.event === 'change').map((e) => e.data as StreamEvents['change']);

describe('/api/service-rows', () => {
  it('lists the projection: list columns kept, managedFields, annotations and other spec fields left out', async () => {
    const full = (await (await fetch(`${stack.url}/api/services?namespace=${NS}`)).json()) as ServiceList;
    const res = await fetch(`${stack.url}/api/service-rows?namespace=${NS}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const wire = (await res.json()) as ServiceRowList;
    expect(wire.kind).toBe('ServiceRowList');
    const rows = decodeServiceRows(wire);
    expect(rows.resourceVersion).toMatch(/^\d+$/);
    expect(rows.items.map((s) => s.metadata.name)).toEqual(full.items.map((s) => s.metadata.name));
    const [a] = rows.items;
    const [fullA] = full.items;
    expect(fullA.metadata.managedFields?.length).toBeGreaterThan(0);
    expect(a.metadata).toEqual({
      name: 'a',
      namespace: NS,
      resourceVersion: fullA.metadata.resourceVersion,
      creationTimestamp: fullA.metadata.creationTimestamp,
      labels: { app: 'a' },
    });
    expect(a.spec).toEqual({
      type: 'NodePort',
      clusterIP: fullA.spec?.clusterIP,
      clusterIPs: fullA.spec?.clusterIPs,
      ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: fullA.spec?.ports?.[0].nodePort }],
      selector: { app: 'a' },
    });
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(full).length / 5);
  });

  it('serves later requests from a live cache that follows every change', async () => {
    const names = async () => {
      const res = await fetch(`${stack.url}/api/service-rows?namespace=${NS}`);
      return { cache: res.headers.get('x-porthole-cache'), names: decodeServiceRows((await res.json()) as ServiceRowList).items.map((s) => s.metadata.name) };
    };
    await expect.poll(async () => (await names()).cache, { timeout: 10_000 }).toBe('hit');
    expect((await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, service('cached'))).status).toBe(201);
    await expect.poll(async () => (await names()).names, { timeout: 10_000 }).toContain('cached');
    expect((await stack.kube('DELETE', `/api/v1/namespaces/${NS}/services/cached`)).status).toBe(200);
    await expect.poll(async () => (await names()).names, { timeout: 10_000 }).not.toContain('cached');
    expect((await names()).cache).toBe('hit');
    // Another identity has its own entry: the viewer's first list is not served from the admin's.
    const viewer = await fetch(`${stack.url}/api/service-rows?namespace=${NS}`, { headers: asContext('porthole-viewer') });
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get('x-porthole-cache')).toBe('miss');
  });

  it('refuses an identity the API server refuses, with its Status', async () => {
    const res = await fetch(`${stack.url}/api/service-rows`, { headers: asContext('porthole-editor') });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { reason: string }).reason).toBe('Forbidden');
  });

  it('answers a namespace that cannot exist with a 404 Status (as /api/services does) and other methods with 405', async () => {
    const bad = await fetch(`${stack.url}/api/service-rows?namespace=Not_A_Namespace`);
    expect(bad.status).toBe(404);
    expect(((await bad.json()) as { kind: string }).kind).toBe('Status');
    expect((await fetch(`${stack.url}/api/service-rows`, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('the watch stream with v=rows', () => {
  it('sends projected objects for the list view and whole objects for the plain watch', async () => {
    const rv = decodeServiceRows((await (await fetch(`${stack.url}/api/service-rows?namespace=${NS}`)).json()) as ServiceRowList).resourceVersion;
    const ctrl = new AbortController();
    const watches = [`services:${NS}:v=rows@${rv}`, `services:${NS}@${rv}`].map((w) => `watch=${encodeURIComponent(w)}`).join('&');
    const res = await fetch(`${stack.url}/api/watch?${watches}`, { signal: ctrl.signal });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    await stream.until((ev) => ev.filter((e) => e.event === 'state').length >= 2);
    expect((await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, service('c'))).status).toBe(201);
    const events = await stream.until((ev) => changes(ev).length >= 2);
    const byId = new Map(changes(events).map((c) => [c.id, c]));
    const projected = byId.get(`services:${NS}:v=rows`)!;
    const whole = byId.get(`services:${NS}`)!;
    expect(projected).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'c', labels: { app: 'c' } }, spec: { type: 'NodePort' } } });
    expect(projected.object.metadata.managedFields).toBeUndefined();
    expect(projected.object.metadata.annotations).toBeUndefined();
    expect(whole.object.metadata.annotations).toEqual({ note: 'x'.repeat(2000) });
    expect(whole.object.metadata.managedFields?.length).toBeGreaterThan(0);
    ctrl.abort();
  });

  it('refuses a view a resource does not have', async () => {
    expect((await fetch(`${stack.url}/api/watch?watch=pods:${NS}:v=rows`)).status).toBe(400);
  });
});
