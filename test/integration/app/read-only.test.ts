/**
 * Read-only mode (issue 9): PORTHOLE_READ_ONLY=1 (`npm start -- --read-only`) refuses every write route
 * with a 403 Status even for the cluster admin, before anything reaches the API server; reads and the
 * POSTs that change nothing (access reviews) still work; access reviews for write verbs answer "no"
 * with the reason the UI shows; /api/identity says readOnly; refused writes are audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SelfSubjectAccessReview, Status } from '../../../lib/k8s/types';
import { READ_ONLY_REASON } from '../../../lib/read-only';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { auditLines } from './audit-lines';
import { startAppStack, type AppStack } from './stack';

let stack: AppStack;
let readOnly: PortholeServer;
const NS = 'it-read-only';

beforeAll(async () => {
  stack = await startAppStack();
  readOnly = await startPorthole({ kubeconfigPath: stack.kubeconfigPath, env: { PORTHOLE_READ_ONLY: '1' } });
  expect((await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status).toBe(201);
}, 240_000);

afterAll(async () => {
  await readOnly?.stop();
  await stack?.stop();
});

async function call(base: string, method: string, path: string, body?: unknown, contentType = 'application/json') {
  const res = await fetch(base + path, {
    method,
    headers: body !== undefined ? { 'Content-Type': contentType } : {},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const newService = (name: string) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { ports: [{ port: 80 }] } });

/** A Service created for one test alone (through the cluster), so a write that wrongly gets through fails only that test. */
async function ownService(name: string): Promise<{ metadata: { resourceVersion: string } }> {
  const res = await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, newService(name));
  expect(res.status).toBe(201);
  return (await res.json()) as { metadata: { resourceVersion: string } };
}

describe('read-only mode', () => {
  it('refuses create, replace, patch and delete with a 403 Status, and the cluster is unchanged', async () => {
    const base = readOnly.url;
    const live = await ownService('kept');
    const attempts = [
      call(base, 'POST', `/api/namespaces/${NS}/services`, newService('fresh')),
      call(base, 'POST', `/api/namespaces/${NS}/services?dryRun=All`, newService('fresh')),
      call(base, 'PUT', `/api/namespaces/${NS}/services/kept`, { ...newService('kept'), metadata: { name: 'kept', namespace: NS, labels: { a: 'b' } } }),
      call(base, 'PATCH', `/api/namespaces/${NS}/services/kept`, { metadata: { labels: { a: 'b' } } }, 'application/merge-patch+json'),
      call(base, 'DELETE', `/api/namespaces/${NS}/services/kept`),
    ];
    for (const r of await Promise.all(attempts)) {
      expect(r.status).toBe(403);
      const status = r.body as Status;
      expect(status.kind).toBe('Status');
      expect(status.reason).toBe('Forbidden');
      expect(status.message).toBe(READ_ONLY_REASON);
    }
    expect((await stack.kube('GET', `/api/v1/namespaces/${NS}/services/fresh`)).status).toBe(404);
    const after = (await (await stack.kube('GET', `/api/v1/namespaces/${NS}/services/kept`)).json()) as { metadata: { resourceVersion: string; labels?: object } };
    expect(after.metadata.resourceVersion).toBe(live.metadata.resourceVersion);
    expect(after.metadata.labels).toBeUndefined();
  });

  it('the same writes succeed through a Porthole without --read-only (the 403 comes from the mode, not RBAC)', async () => {
    const r = await call(stack.url, 'POST', `/api/namespaces/${NS}/services?dryRun=All`, newService('fresh'));
    expect(r.status).toBe(201);
  });

  it('serves reads, and says readOnly in /api/identity', async () => {
    await ownService('read');
    const list = await call(readOnly.url, 'GET', `/api/namespaces/${NS}/services`);
    expect(list.status).toBe(200);
    expect((list.body as { items: { metadata: { name: string } }[] }).items.map((i) => i.metadata.name)).toContain('read');
    expect(((await call(readOnly.url, 'GET', '/api/identity')).body as { readOnly: boolean }).readOnly).toBe(true);
    expect(((await call(stack.url, 'GET', '/api/identity')).body as { readOnly: boolean }).readOnly).toBe(false);
  });

  it('answers access reviews for write verbs "not allowed" with the reason; read verbs go to the cluster', async () => {
    const review = (verb: string) => ({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      metadata: {},
      spec: { resourceAttributes: { verb, resource: 'services', namespace: NS } },
    });
    for (const verb of ['create', 'update', 'patch', 'delete']) {
      const r = await call(readOnly.url, 'POST', '/api/access/selfsubjectaccessreviews', review(verb));
      expect(r.status).toBe(201);
      expect((r.body as SelfSubjectAccessReview).status).toEqual({ allowed: false, denied: true, reason: READ_ONLY_REASON });
    }
    const get = await call(readOnly.url, 'POST', '/api/access/selfsubjectaccessreviews', review('get'));
    expect((get.body as SelfSubjectAccessReview).status?.allowed).toBe(true);
    const writable = await call(stack.url, 'POST', '/api/access/selfsubjectaccessreviews', review('delete'));
    expect((writable.body as SelfSubjectAccessReview).status?.allowed).toBe(true);
  });

  it('writes one audit line per refused write, with the 403', async () => {
    await ownService('audited');
    await call(readOnly.url, 'DELETE', `/api/namespaces/${NS}/services/audited?dryRun=All`);
    await expect.poll(() => auditLines(readOnly.output()).filter((l) => l.verb === 'delete' && l.dryRun === true).length, { timeout: 10_000 }).toBe(1);
    const line = auditLines(readOnly.output()).find((l) => l.verb === 'delete' && l.dryRun === true)!;
    expect(line).toMatchObject({ kind: 'porthole.audit', resource: 'services', namespace: NS, name: 'audited', code: 403, user: 'admin' });
  });
});
