/**
 * D-19: browser users may act as another kubeconfig context only on the embedded cluster or when
 * Porthole was started with --allow-context-switch; otherwise every request uses the configured
 * context, whatever cookie the browser sends. And D-10: a namespace-scoped identity opening the
 * list of all namespaces lands on its context's namespace.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceList } from '../../../lib/k8s/types';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';

let cluster: TestCluster;
let work: string;
let locked: PortholeServer;
let allowed: PortholeServer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'porthole-identity-it-'));
  cluster = await startTestCluster();
  const kubeconfigPath = join(work, 'kubeconfig');
  copyFileSync(cluster.kubeconfigPath, kubeconfigPath);
  // A "real" cluster (source kubeconfig) as the viewer: no switch offered unless allowed.
  locked = await startPorthole({ kubeconfigPath, context: 'porthole-viewer', source: 'kubeconfig' });
  allowed = await startPorthole({ kubeconfigPath, context: 'porthole-viewer', source: 'kubeconfig', env: { PORTHOLE_ALLOW_CONTEXT_SWITCH: '1' } });
}, 180_000);

afterAll(async () => {
  await locked?.stop();
  await allowed?.stop();
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

interface IdentityInfo {
  identities: string[];
  identity: string;
}

const identity = async (url: string, cookie?: string) =>
  (await (await fetch(`${url}/api/identity`, { headers: cookie ? { cookie } : {} })).json()) as IdentityInfo;

describe('identity switching (D-19)', () => {
  it('offers no other context of a real cluster and refuses to switch to admin', async () => {
    expect(await identity(locked.url)).toMatchObject({ identities: ['porthole-viewer'], identity: 'porthole-viewer' });
    const res = await fetch(`${locked.url}/api/identity`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: locked.url },
      body: JSON.stringify({ context: 'porthole-admin' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('ignores a forged identity cookie: writes still run as the configured viewer', async () => {
    const cookie = 'porthole-context=porthole-admin';
    expect((await identity(locked.url, cookie)).identity).toBe('porthole-viewer');
    const res = await fetch(`${locked.url}/api/namespaces/default/services`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: locked.url, cookie },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'escalated' }, spec: { ports: [{ port: 80 }] } }),
    });
    expect(res.status).toBe(403);
  });

  it('with --allow-context-switch the kubeconfig contexts of the same cluster are offered', async () => {
    const info = await identity(allowed.url);
    expect(info.identities).toEqual(expect.arrayContaining(['porthole-admin', 'porthole-viewer', 'porthole-editor']));
    expect((await identity(allowed.url, 'porthole-context=porthole-admin')).identity).toBe('porthole-admin');
  });
});

describe('a namespace-scoped identity (D-10)', () => {
  it('opening /services lands on the namespace of its context', async () => {
    const res = await fetch(`${allowed.url}/services`, { headers: { cookie: 'porthole-context=porthole-editor' }, redirect: 'manual' });
    expect([303, 307, 308]).toContain(res.status);
    expect(res.headers.get('location')).toMatch(/\/services\?namespace=demo$/);
    // It may list that namespace.
    const list = await fetch(`${allowed.url}/api/namespaces/demo/services`, { headers: { cookie: 'porthole-context=porthole-editor' } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as ServiceList).items.length).toBeGreaterThan(0);
  });

  it('an identity allowed everywhere stays on all namespaces', async () => {
    const res = await fetch(`${allowed.url}/services`, { headers: { cookie: 'porthole-context=porthole-viewer' }, redirect: 'manual' });
    expect(res.status).toBe(200);
  });
});
