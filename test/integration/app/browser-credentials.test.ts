/**
 * Issue 9, hardening: credentials the browser sends (Authorization, Impersonate-*, X-Remote-*) never
 * reach the API server and never change who Porthole acts as (--auth kubeconfig; the identity switch's
 * cookie is the only way to pick a context). Against the real embedded cluster, whose own answers
 * show what arrived there: the viewer may not impersonate, so a forwarded Impersonate-User would turn
 * the viewer's reads into 403s; the admin may, so a forwarded Impersonate-User: viewer would turn the
 * admin's writes into 403s; and a 403 names the user the API server saw. A bearer token in a request
 * is refused with a 400 Status that says how to pick the identity instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { auditLines } from './audit-lines';
import { asContext, sseReader, startAppStack, type AppStack, type SseEvent } from './stack';

let stack: AppStack;
const NS = 'it-browser-creds';

/** Everything a browser (or a page's script) could send to be someone else. */
const FORGED = () => ({
  'Impersonate-User': 'admin',
  'Impersonate-Group': 'system:masters',
  'X-Remote-User': 'admin',
  'X-Remote-Group': 'system:masters',
});

const service = (name: string) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { ports: [{ port: 80 }] } });

beforeAll(async () => {
  stack = await startAppStack();
  expect((await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status).toBe(201);
  expect((await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, service('kept'))).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const porthole = (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {}) =>
  fetch(stack.url + path, {
    method: init.method ?? 'GET',
    signal: init.signal,
    headers: { ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const named = (events: SseEvent[], event: string) => events.filter((e) => e.event === event);

/** The first state or failure of a one-watch stream. */
async function firstOutcome(res: Response): Promise<SseEvent> {
  const events = await sseReader(res).until((ev) => named(ev, 'state').length > 0 || named(ev, 'failure').length > 0);
  return named(events, 'failure')[0] ?? named(events, 'state')[0];
}

describe('the embedded cluster itself (what a forwarded header would do)', () => {
  it('refuses the viewer an Impersonate-User and lets the admin act as the viewer', async () => {
    const asViewer = await fetch(`${stack.cluster.url}/api/v1/namespaces/${NS}/services`, {
      headers: { Authorization: `Bearer ${stack.cluster.tokens.viewer}`, 'Impersonate-User': 'admin' },
    });
    expect(asViewer.status).toBe(403);
    expect(((await asViewer.json()) as Status).message).toContain('cannot impersonate');
    const adminAsViewer = await fetch(`${stack.cluster.url}/api/v1/namespaces/${NS}/services/kept`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${stack.cluster.tokens.admin}`, 'Impersonate-User': 'viewer' },
    });
    expect(adminAsViewer.status).toBe(403);
  });
});

describe('Impersonate-* and X-Remote-* from the browser are ignored', () => {
  it('reads as the viewer still succeed (a forwarded Impersonate-User would be refused)', async () => {
    const one = await porthole(`/api/namespaces/${NS}/services/kept`, { headers: { ...asContext('porthole-viewer'), ...FORGED() } });
    expect(one.status).toBe(200);
    const list = await porthole(`/api/namespaces/${NS}/services`, { headers: { ...asContext('porthole-viewer'), ...FORGED() } });
    expect(list.status).toBe(200);
    const rows = await porthole(`/api/service-rows?namespace=${NS}`, { headers: { ...asContext('porthole-viewer'), ...FORGED() } });
    expect(rows.status).toBe(200);
  });

  it('a DELETE as the viewer stays 403 naming the viewer, deletes nothing, and the audit line names the viewer', async () => {
    const before = auditLines(stack.porthole.output()).length;
    const res = await porthole(`/api/namespaces/${NS}/services/kept`, { method: 'DELETE', headers: { ...asContext('porthole-viewer'), ...FORGED() } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Status).message).toBe(
      `services "kept" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "${NS}"`,
    );
    expect((await stack.kube('GET', `/api/v1/namespaces/${NS}/services/kept`)).status).toBe(200);
    await expect.poll(() => auditLines(stack.porthole.output()).length, { timeout: 10_000 }).toBe(before + 1);
    const line = auditLines(stack.porthole.output())[before];
    expect(line).toMatchObject({ identity: 'porthole-viewer', user: 'viewer', verb: 'delete', namespace: NS, name: 'kept', code: 403 });
    expect(line.groups).not.toContain('system:masters');
  });

  it('the admin context with Impersonate-User: viewer still writes as the admin', async () => {
    const headers = { 'Impersonate-User': 'viewer', 'Impersonate-Group': 'porthole:viewers', 'X-Remote-User': 'viewer' };
    const created = await porthole(`/api/namespaces/${NS}/services`, { method: 'POST', headers, body: service('by-admin') });
    expect(created.status).toBe(201);
    const deleted = await porthole(`/api/namespaces/${NS}/services/by-admin`, { method: 'DELETE', headers });
    expect(deleted.status).toBe(200);
  });

  it('the watch stream runs as the chosen identity whatever the headers say', async () => {
    const ctrl = new AbortController();
    try {
      // The viewer may watch (a forwarded Impersonate-User would make it a 403 failure).
      const viewer = await porthole(`/api/watch?watch=services:${NS}`, { signal: ctrl.signal, headers: { ...asContext('porthole-viewer'), ...FORGED() } });
      expect(viewer.status).toBe(200);
      expect((await firstOutcome(viewer)).event).toBe('state');
      // The editor may not watch every namespace, and headers naming the admin do not change that.
      const editor = await porthole('/api/watch?watch=services:all', { signal: ctrl.signal, headers: { ...asContext('porthole-editor'), ...FORGED() } });
      const outcome = await firstOutcome(editor);
      expect(outcome.event).toBe('failure');
      expect((outcome.data as { status: Status }).status.message).toBe('services is forbidden: User "editor" cannot list resource "services" in API group "" at the cluster scope');
    } finally {
      ctrl.abort();
    }
  });
});

describe('a bearer token in the request is refused, never used', () => {
  const bearer = () => ({ ...asContext('porthole-viewer'), Authorization: `Bearer ${stack.cluster.tokens.admin}` });
  const expectRefusal = async (res: Response) => {
    expect(res.status).toBe(400);
    const status = (await res.json()) as Status;
    expect(status).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
    expect(status.message).toBe(
      'Porthole does not take credentials from requests (Authorization: Bearer): it acts as a context of its kubeconfig: pick the identity with the identity switch ("Acting as")',
    );
    expect(JSON.stringify(status)).not.toContain(stack.cluster.tokens.admin);
  };

  it('on reads, writes and the watch stream, and the write changes nothing', async () => {
    await expectRefusal(await porthole(`/api/namespaces/${NS}/services`, { headers: bearer() }));
    await expectRefusal(await porthole(`/api/namespaces/${NS}/services/kept`, { method: 'DELETE', headers: bearer() }));
    await expectRefusal(await porthole(`/api/namespaces/${NS}/services`, { method: 'POST', headers: bearer(), body: service('by-bearer') }));
    await expectRefusal(await porthole(`/api/watch?watch=services:${NS}`, { headers: bearer() }));
    await expectRefusal(await porthole('/api/identity', { headers: { authorization: 'bearer whatever' } }));
    expect((await stack.kube('GET', `/api/v1/namespaces/${NS}/services/kept`)).status).toBe(200);
    expect((await stack.kube('GET', `/api/v1/namespaces/${NS}/services/by-bearer`)).status).toBe(404);
  });

  it('another scheme (Basic, for a proxy in front) is ignored: still the viewer', async () => {
    const res = await porthole(`/api/namespaces/${NS}/services/kept`, {
      method: 'DELETE',
      headers: { ...asContext('porthole-viewer'), Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Status).message).toContain('User "viewer" cannot delete');
  });
});
