import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { startAppStack, type AppStack } from './stack';

let stack: AppStack;

beforeAll(async () => {
  stack = await startAppStack();
  const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'top', namespace: 'default' }, stringData: { password: 'hunter2' } };
  await stack.kube('POST', '/api/v1/namespaces/default/secrets', secret);
});

afterAll(async () => {
  await stack?.stop();
});

async function expectNotFound(path: string, init?: RequestInit): Promise<void> {
  const res = await fetch(stack.url + path, init);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(404);
  expect(text).not.toContain('hunter2');
  const status = JSON.parse(text) as Status;
  expect(status).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
}

describe('the route handlers are a fixed allowlist', () => {
  it('serves the allowlisted operations', async () => {
    const res = await fetch(`${stack.url}/api/services`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { kind: string; items: unknown[] };
    expect(list.kind).toBe('ServiceList');
    expect(list.items.length).toBeGreaterThan(0);
  });

  it('refuses Secrets and any resource outside the list', async () => {
    await expectNotFound('/api/namespaces/default/secrets');
    await expectNotFound('/api/namespaces/default/secrets/top');
    await expectNotFound('/api/secrets');
    await expectNotFound('/api/v1/namespaces/default/secrets/top');
    await expectNotFound('/api/namespaces/default/configmaps');
    await expectNotFound('/api/namespaces/default/secrets', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  });

  it('refuses the services/proxy subresource and other subresources', async () => {
    await expectNotFound('/api/namespaces/default/services/kubernetes/proxy');
    await expectNotFound('/api/namespaces/default/services/kubernetes/proxy/healthz');
    await expectNotFound('/api/namespaces/default/services/https:kubernetes:443/proxy/');
    await expectNotFound('/api/namespaces/default/services/kubernetes/status/extra');
    // The status subresource had a route and no caller in the app (the live Service carries its status).
    await expectNotFound('/api/namespaces/default/services/kubernetes/status');
    await expectNotFound('/api/access/selfsubjectrulesreviews', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  });

  it('refuses path traversal, encoded or not', async () => {
    await expectNotFound('/api/namespaces/default/services/..%2fsecrets');
    await expectNotFound('/api/namespaces/default/services/..%2F..%2Fsecrets%2Ftop');
    await expectNotFound('/api/namespaces/..%2fdefault%2fsecrets/services');
    await expectNotFound('/api/namespaces/default/services/%2e%2e');
    await expectNotFound('/api/namespaces/default/endpoints/..%252fsecrets');
    await expectNotFound('/api/namespaces/default/pods/..%2fsecrets');
    // A name that is not a valid object name never reaches the API server either.
    await expectNotFound('/api/namespaces/default/services/Kubernetes');
    await expectNotFound('/api/namespaces/default/services/a..b');
  });

  it('checks the events filter\'s object name with the one DNS-1123 rule (no empty label: a..b)', async () => {
    for (const name of ['a..b', '-a', 'a.', 'A']) {
      const res = await fetch(`${stack.url}/api/namespaces/default/events?kind=Service&name=${encodeURIComponent(name)}`);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as Status).reason).toBe('BadRequest');
    }
    const fine = await fetch(`${stack.url}/api/namespaces/default/events?kind=Service&name=a.b-c`);
    expect(fine.status).toBe(200);
  });

  it('refuses watches of anything but the allowlisted resources', async () => {
    for (const watch of ['secrets:all', 'services:..%2fsecrets', 'configmaps:default', 'nodes:default']) {
      const res = await fetch(`${stack.url}/api/watch?watch=${watch}`);
      expect(res.status, watch).toBe(400);
      expect(((await res.json()) as Status).reason).toBe('BadRequest');
    }
  });

  it('refuses cross-site writes', async () => {
    const res = await fetch(`${stack.url}/api/namespaces/default/services`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'evil' }, spec: { ports: [{ port: 80 }] } }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Status).reason).toBe('Forbidden');
    const check = await stack.kube('GET', '/api/v1/namespaces/default/services/evil');
    expect(check.status).toBe(404);
  });

  it('answers other methods on allowlisted paths with a 405 Status', async () => {
    for (const [method, path] of [['DELETE', '/api/services'], ['POST', '/api/namespaces/default/services/kubernetes'], ['PUT', '/api/watch']]) {
      const res = await fetch(stack.url + path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(((await res.json()) as Status).reason).toBe('MethodNotAllowed');
    }
    const still = await stack.kube('GET', '/api/v1/namespaces/default/services/kubernetes');
    expect(still.status).toBe(200);
  });

  it('refuses unknown body types with 415', async () => {
    const res = await fetch(`${stack.url}/api/namespaces/default/services/kubernetes`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as Status).reason).toBe('UnsupportedMediaType');
  });
});
