/**
 * A cluster started with `--tokens-file` (identities from YAML) and `--anonymous-auth`: the file's
 * users and rules are enforced, built-in tokens can be overridden, and requests without a token act
 * as system:anonymous (health and version only).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;
let dir: string;

const TOKENS = `
users:
  - name: viewer
    token: custom-viewer-token
  - name: alice
    token: alice-secret
    groups: [team-a]
    rules:
      - apiGroups: [""]
        resources: [services]
        verbs: [get, list, watch]
        namespaces: [team-a]
      - apiGroups: [""]
        resources: [services]
        resourceNames: [frontend]
        verbs: [patch]
        namespaces: [team-a]
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'porthole-tokens-'));
  const file = join(dir, 'tokens.yaml');
  writeFileSync(file, TOKENS);
  cluster = await startTestCluster({ empty: true, args: ['--tokens-file', file, '--anonymous-auth'] });
});

afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, token?: string): Promise<{ status: number; json: { message?: string } }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${cluster.url}${path}`, { method, headers });
  return { status: res.status, json: (await res.json()) as { message?: string } };
}

describe('identities from a tokens file', () => {
  it('writes the overridden and added tokens into the kubeconfig', () => {
    expect(cluster.tokens.viewer).toBe('custom-viewer-token');
    expect(cluster.tokens.admin).toBe('porthole-admin-token');
  });

  it('replaces the built-in viewer token', async () => {
    expect((await call('GET', '/api/v1/services', 'porthole-viewer-token')).status).toBe(401);
    expect((await call('GET', '/api/v1/services', 'custom-viewer-token')).status).toBe(200);
  });

  it('enforces namespaced rules and resource names of a file user', async () => {
    expect((await call('GET', '/api/v1/namespaces/team-a/services', 'alice-secret')).status).toBe(200);
    const elsewhere = await call('GET', '/api/v1/namespaces/default/services', 'alice-secret');
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.message).toBe('services is forbidden: User "alice" cannot list resource "services" in API group "" in the namespace "default"');
    const other = await call('PATCH', '/api/v1/namespaces/team-a/services/backend', 'alice-secret');
    expect(other.json.message).toBe(
      'services "backend" is forbidden: User "alice" cannot patch resource "services" in API group "" in the namespace "team-a"',
    );
  });

  it('answers kubectl auth can-i for the file user', async () => {
    // kubectl reaches the cluster through its kubeconfig; --token swaps in alice's credentials.
    const yes = await cluster.kubectl(['auth', 'can-i', 'patch', 'services/frontend', '-n', 'team-a', '--token', 'alice-secret']);
    expect(yes.stdout.trim(), yes.stderr).toBe('yes');
    const no = await cluster.kubectl(['auth', 'can-i', 'patch', 'services/backend', '-n', 'team-a', '--token', 'alice-secret']);
    expect(no.stdout.trim()).toBe('no');
    const who = await cluster.kubectl(['auth', 'whoami', '--token', 'alice-secret']);
    expect(who.stdout).toMatch(/Username\s+alice\n/);
    expect(who.stdout).toContain('[team-a system:authenticated]');
  });
});

describe('anonymous access', () => {
  it('lets requests without a token read health and version only', async () => {
    expect((await fetch(`${cluster.url}/healthz`)).status).toBe(200);
    expect((await call('GET', '/version')).status).toBe(200);
    const api = await call('GET', '/api');
    expect(api.status).toBe(403);
    expect(api.json.message).toBe('forbidden: User "system:anonymous" cannot get path "/api"');
    const list = await call('GET', '/api/v1/services');
    expect(list.status).toBe(403);
    expect(list.json.message).toBe('services is forbidden: User "system:anonymous" cannot list resource "services" in API group "" at the cluster scope');
  });

  it('still rejects a wrong token with 401', async () => {
    expect((await call('GET', '/version', 'wrong')).status).toBe(401);
  });
});
