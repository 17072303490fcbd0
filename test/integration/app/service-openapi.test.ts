import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPorthole } from '../../support/start-porthole';
import { startRecordedStack, type RecordedStack } from './recording-relay';

/**
 * The YAML editor's schema source, /api/openapi/services (issue 17): only the Service's part of the
 * cluster's core/v1 OpenAPI v3 document reaches the browser (a real kube-apiserver's whole document
 * is over a megabyte), fetched at the hashed URL of the server's OpenAPI index and kept: a second
 * request asks the index again (as the user) but not the big document.
 */
let stack: RecordedStack;
let cluster: RecordedStack['cluster'];
let relay: RecordedStack['relay'];
let porthole: RecordedStack['porthole'];

beforeAll(async () => {
  stack = await startRecordedStack({ empty: true });
  ({ cluster, relay, porthole } = stack);
});

afterAll(async () => {
  await stack?.stop();
});

interface OpenApiDoc {
  components: { schemas: Record<string, unknown> };
}

it('serves the Service and the schemas it reaches, not the whole core/v1 document, and fetches that document once', async () => {
  const whole = await fetch(`${cluster.url}/openapi/v3/api/v1`, { headers: { Authorization: `Bearer ${cluster.tokens.admin}` } });
  expect(whole.status).toBe(200);
  const wholeText = await whole.text();
  const wholeSchemas = Object.keys((JSON.parse(wholeText) as OpenApiDoc).components.schemas);

  const from = relay.requests.length;
  const res = await fetch(`${porthole.url}/api/openapi/services`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  const text = await res.text();
  const schemas = (JSON.parse(text) as OpenApiDoc).components.schemas;
  expect(Object.keys(schemas)).toContain('io.k8s.api.core.v1.Service');
  expect(Object.keys(schemas)).toContain('io.k8s.api.core.v1.ServicePort');
  expect(Object.keys(schemas)).not.toContain('io.k8s.api.core.v1.Pod');
  expect(wholeSchemas).toContain('io.k8s.api.core.v1.Pod');
  expect(text.length).toBeLessThan(wholeText.length / 2);
  const first = relay.requests.slice(from).map((r) => r.url);
  expect(first).toContain('/openapi/v3');
  expect(first.filter((u) => u.startsWith('/openapi/v3/api/v1?hash='))).toHaveLength(1);

  const again = relay.requests.length;
  const second = await fetch(`${porthole.url}/api/openapi/services`);
  expect(await second.text()).toBe(text);
  const later = relay.requests.slice(again).map((r) => r.url);
  expect(later).toEqual(['/openapi/v3']);
});

it('asks the index as the user: a token the API server refuses gets its 401, not the kept document', async () => {
  expect((await fetch(`${porthole.url}/api/openapi/services`)).status).toBe(200);
  const work = mkdtempSync(join(tmpdir(), 'porthole-openapi-'));
  const kubeconfig = join(work, 'kubeconfig');
  writeFileSync(kubeconfig, readFileSync(relay.kubeconfigPath, 'utf8').replaceAll(cluster.tokens.admin, 'not-a-token-the-server-knows'));
  const stranger = await startPorthole({ kubeconfigPath: kubeconfig });
  try {
    const res = await fetch(`${stranger.url}/api/openapi/services`);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('io.k8s.api.core.v1.Service');
  } finally {
    await stranger.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
