/**
 * Identity and access against a running embedded cluster: 401/403 bodies over HTTP, and
 * `kubectl auth can-i` / `can-i --list` / `whoami` per built-in identity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  const ns = await call('POST', '/api/v1/namespaces', cluster.tokens.admin, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } });
  expect(ns.status).toBe(201);
});

afterAll(async () => {
  await cluster?.stop();
});

async function call(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${cluster.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

describe('HTTP 401 and 403', () => {
  it('answers 401 with the real Status without a token, with a wrong one and with another scheme', async () => {
    const unauthorized = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 };
    for (const token of [undefined, 'not-a-token']) {
      const r = await call('GET', '/api/v1/namespaces/demo/services', token);
      expect(r.status).toBe(401);
      expect(r.json).toEqual(unauthorized);
    }
    const basic = await fetch(`${cluster.url}/api/v1/services`, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } });
    expect(basic.status).toBe(401);
  });

  it('answers 403 naming user, verb, resource, group and namespace', async () => {
    const del = await call('DELETE', '/api/v1/namespaces/demo/services/x', cluster.tokens.viewer);
    expect(del.status).toBe(403);
    expect(del.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'services "x" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "demo"',
      reason: 'Forbidden',
      details: { name: 'x', kind: 'services' },
      code: 403,
    });
    const list = await call('GET', '/api/v1/services', cluster.tokens.editor);
    expect(list.status).toBe(403);
    expect(list.json).toMatchObject({
      message: 'services is forbidden: User "editor" cannot list resource "services" in API group "" at the cluster scope',
      details: { kind: 'services' },
    });
    const status = await call('PUT', '/api/v1/namespaces/demo/services/web/status', cluster.tokens.viewer, {});
    expect(status.json).toMatchObject({
      message: 'services "web" is forbidden: User "viewer" cannot update resource "services/status" in API group "" in the namespace "demo"',
    });
    const slices = await call('POST', '/apis/discovery.k8s.io/v1/namespaces/demo/endpointslices', cluster.tokens.editor, {});
    expect(slices.json).toMatchObject({
      message:
        'endpointslices.discovery.k8s.io is forbidden: User "editor" cannot create resource "endpointslices" in API group "discovery.k8s.io" in the namespace "demo"',
      details: { kind: 'endpointslices', group: 'discovery.k8s.io' },
    });
  });

  it('lets every identity read discovery, OpenAPI and health', async () => {
    for (const token of [cluster.tokens.admin, cluster.tokens.viewer, cluster.tokens.editor]) {
      for (const path of ['/version', '/api', '/apis', '/api/v1', '/openapi/v3']) {
        expect((await call('GET', path, token)).status, path).toBe(200);
      }
    }
  });

  it('prints the 403 message through kubectl', async () => {
    const r = await cluster.kubectl(['delete', 'service', 'x', '-n', 'demo'], { context: 'viewer' });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      'Error from server (Forbidden): services "x" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "demo"',
    );
  });
});

describe('kubectl auth', () => {
  const cases: [string, string[], 'yes' | 'no'][] = [
    ['admin', ['delete', 'services', '-n', 'kube-system'], 'yes'],
    ['admin', ['create', 'nodes'], 'yes'],
    ['viewer', ['list', 'services', '--all-namespaces'], 'yes'],
    ['viewer', ['get', 'endpointslices.discovery.k8s.io', '-n', 'demo'], 'yes'],
    ['viewer', ['delete', 'services', '-n', 'demo'], 'no'],
    ['viewer', ['create', 'services', '-n', 'demo'], 'no'],
    ['editor', ['create', 'services', '-n', 'demo'], 'yes'],
    ['editor', ['patch', 'services', '--subresource=status', '-n', 'demo'], 'yes'],
    ['editor', ['delete', 'services', '-n', 'default'], 'no'],
    ['editor', ['list', 'services', '--all-namespaces'], 'no'],
    ['editor', ['watch', 'pods', '-n', 'demo'], 'yes'],
    ['editor', ['delete', 'pods', '-n', 'demo'], 'no'],
    ['editor', ['list', 'namespaces'], 'yes'],
    ['editor', ['get', '/healthz'], 'yes'],
  ];

  it.each(cases)('%s can-i %j → %s', async (context, args, answer) => {
    const r = await cluster.kubectl(['auth', 'can-i', ...args], { context });
    expect(r.stdout.trim(), r.stderr).toBe(answer);
    expect(r.code).toBe(answer === 'yes' ? 0 : 1);
  });

  it('whoami reports each identity with its groups', async () => {
    const expected: Record<string, string> = {
      admin: '[system:masters system:authenticated]',
      viewer: '[porthole:viewers system:authenticated]',
      editor: '[porthole:editors system:authenticated]',
    };
    for (const [name, groups] of Object.entries(expected)) {
      const r = await cluster.kubectl(['auth', 'whoami'], { context: name });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`Username\\s+${name}\\n`));
      expect(r.stdout).toContain(groups);
    }
  });

  it('can-i --list shows the namespace rules of the editor', async () => {
    const inDemo = await cluster.kubectl(['auth', 'can-i', '--list', '-n', 'demo'], { context: 'editor' });
    expect(inDemo.code, inDemo.stderr).toBe(0);
    expect(inDemo.stdout).toMatch(/^services\s+\[\]\s+\[\]\s+\[\*\]$/m);
    expect(inDemo.stdout).toMatch(/^endpointslices\.discovery\.k8s\.io\s+\[\]\s+\[\]\s+\[get list watch\]$/m);
    expect(inDemo.stdout).toMatch(/^selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]$/m);
    expect(inDemo.stdout).toMatch(/\[\/healthz\]\s+\[\]\s+\[get\]/);
    const inDefault = await cluster.kubectl(['auth', 'can-i', '--list', '-n', 'default'], { context: 'editor' });
    expect(inDefault.stdout).not.toMatch(/^services\s/m);
    expect(inDefault.stdout).toMatch(/^namespaces\s+\[\]\s+\[\]\s+\[get list watch\]$/m);
  });
});
