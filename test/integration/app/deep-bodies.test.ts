/**
 * 1 MiB of nested JSON or YAML through Porthole's routes (issue 16, item 3): refused with 400 before
 * anything parses it (400 KB through the apply route took 8.8 s before), while /healthz keeps
 * answering; the Service is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../lib/k8s/types';
import { startAppStack, type AppStack } from './stack';

let stack: AppStack;
const NS = 'it-deep';
const MiB = 1 << 20;
const flow = `${'['.repeat(MiB / 2)}${']'.repeat(MiB / 2)}`;

beforeAll(async () => {
  stack = await startAppStack();
  await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
  const res = await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'target' }, spec: { ports: [{ port: 80 }] } });
  expect(res.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const cases = [
  { name: 'apply (YAML)', method: 'PATCH', path: `/api/namespaces/${NS}/services/target?fieldManager=deep`, type: 'application/apply-patch+yaml', body: `apiVersion: v1\nkind: Service\nmetadata:\n  name: target\nspec:\n  x: ${flow}\n`, detail: 'yaml: line 6: exceeded max depth of 500' },
  { name: 'merge patch (JSON)', method: 'PATCH', path: `/api/namespaces/${NS}/services/target`, type: 'application/merge-patch+json', body: `{"spec":{"x":${flow}}}`, detail: "invalid character '[' exceeded max depth" },
  { name: 'create (JSON)', method: 'POST', path: `/api/namespaces/${NS}/services`, type: 'application/json', body: `{"apiVersion":"v1","kind":"Service","metadata":{"name":"deep"},"spec":{"x":${flow}}}`, detail: "invalid character '[' exceeded max depth" },
];

describe('1 MiB nested bodies through Porthole', () => {
  it('are refused with 400 before parsing while /healthz keeps answering', async () => {
    for (const c of cases) {
      const bad = fetch(stack.url + c.path, { method: c.method, headers: { 'Content-Type': c.type }, body: c.body }).then(async (r) => ({ status: r.status, body: (await r.json()) as Status }));
      const health = fetch(`${stack.url}/healthz`).then((r) => r.status);
      const [refused, healthy] = await Promise.all([bad, health]);
      expect(refused.status, c.name).toBe(400);
      expect(refused.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: `the request body is nested too deep: ${c.detail}` });
      expect(healthy).toBe(200);
    }
    const live = (await (await stack.kube('GET', `/api/v1/namespaces/${NS}/services/target`)).json()) as { spec: Record<string, unknown> };
    expect(live.spec.x).toBeUndefined();
    expect((await stack.kube('GET', `/api/v1/namespaces/${NS}/services/deep`)).status).toBe(404);
  }, 60_000);
});
