import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service, Status } from '../../../lib/k8s/types';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { asContext, startAppStack, type AppStack } from './stack';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let stack: AppStack;
const NS = 'it-status';

beforeAll(async () => {
  stack = await startAppStack();
  await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
});

afterAll(async () => {
  await stack?.stop();
});

const svc = (name: string, spec: Service['spec']): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec });

async function viaPorthole(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(stack.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

describe('Kubernetes Status errors reach the browser intact', () => {
  it('422 Invalid with every cause, identical to what the API server says', async () => {
    const bad = svc('bad-ports', { type: 'NodePort', ports: [{ name: 'a', port: 80, nodePort: 99999 }, { name: 'a', port: 70000 }] });
    const direct = await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, bad);
    const directBody = (await direct.json()) as Status;
    expect(direct.status).toBe(422);
    const proxied = await viaPorthole('POST', `/api/namespaces/${NS}/services`, bad);
    expect(proxied.status).toBe(422);
    expect(proxied.body).toEqual(directBody);
    const status = proxied.body as Status;
    expect(status.reason).toBe('Invalid');
    expect(status.details?.causes?.map((c) => c.field)).toContain('spec.ports[0].nodePort');
    expect(status.details?.causes?.find((c) => c.field === 'spec.ports[0].nodePort')?.reason).toBe('FieldValueInvalid');
    expect(status.message).toContain('spec.ports[0].nodePort: Invalid value: 99999');
  });

  it('404 NotFound, 409 AlreadyExists and 409 Conflict pass through', async () => {
    const missing = await viaPorthole('GET', `/api/namespaces/${NS}/services/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'services "nope" not found', details: { name: 'nope', kind: 'services' } });

    const created = await viaPorthole('POST', `/api/namespaces/${NS}/services`, svc('dup', { ports: [{ port: 80 }] }));
    expect(created.status).toBe(201);
    const again = await viaPorthole('POST', `/api/namespaces/${NS}/services`, svc('dup', { ports: [{ port: 80 }] }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'AlreadyExists', message: 'services "dup" already exists' });

    const stale = { ...(created.body as Service), metadata: { ...(created.body as Service).metadata, resourceVersion: '1' } };
    const conflict = await viaPorthole('PUT', `/api/namespaces/${NS}/services/dup`, stale);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ reason: 'Conflict' });
    expect((conflict.body as Status).message).toMatch(/^Operation cannot be fulfilled on services "dup": /);
  });

  it('403 Forbidden for another identity, with the real message', async () => {
    const res = await viaPorthole('DELETE', `/api/namespaces/${NS}/services/dup`, undefined, asContext('porthole-viewer'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'Forbidden', code: 403 });
    expect((res.body as Status).message).toBe(
      `services "dup" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "${NS}"`,
    );
    const still = await stack.kube('GET', `/api/v1/namespaces/${NS}/services/dup`);
    expect(still.status).toBe(200);
  });

  it('dry-run writes answer like real ones and store nothing', async () => {
    const res = await viaPorthole('POST', `/api/namespaces/${NS}/services?dryRun=All`, svc('dry', { ports: [{ port: 80 }] }));
    expect(res.status).toBe(201);
    expect((res.body as Service).spec?.clusterIP).toBeTruthy();
    expect((await stack.kube('GET', `/api/v1/namespaces/${NS}/services/dry`)).status).toBe(404);
    const badDry = await viaPorthole('POST', `/api/namespaces/${NS}/services?dryRun=Sometimes`, svc('dry', { ports: [{ port: 80 }] }));
    expect(badDry.status).toBe(400);
  });

  it('patches by content type and passes Warning headers', async () => {
    const res = await fetch(`${stack.url}/api/namespaces/${NS}/services/dup?fieldValidation=Warn`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ metadata: { labels: { patched: 'yes' } }, spec: { bogusField: 1 } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Service).metadata.labels).toEqual({ patched: 'yes' });
    expect(res.headers.get('warning') ?? '').toContain('bogusField');
  });

  it('an unreachable API server is a 503 ServiceUnavailable Status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-it-down-'));
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters: [{name: down, cluster: {server: "http://127.0.0.1:9"}}]',
        'users: [{name: u, user: {token: t}}]',
        'contexts: [{name: down, context: {cluster: down, user: u}}]',
        'current-context: down',
      ].join('\n'),
    );
    let porthole: PortholeServer | undefined;
    try {
      porthole = await startPorthole({ kubeconfigPath: kubeconfig, source: 'kubeconfig' });
      const res = await fetch(`${porthole.url}/api/services`);
      expect(res.status).toBe(503);
      const status = (await res.json()) as Status;
      expect(status).toMatchObject({ kind: 'Status', reason: 'ServiceUnavailable', code: 503 });
      expect(status.message).toContain('http://127.0.0.1:9');
    } finally {
      await porthole?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
