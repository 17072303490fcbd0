/**
 * Issue 9: a namespace-limited user gets useful views of the namespaces they can read, never an error
 * page. The embedded cluster's built-in `developer` may read and write Services (and read what their
 * pages show) in namespace `demo` only: it may not list namespaces, nor Services cluster-wide. Porthole
 * opens the list in a namespace it may read (its context's, else one of --namespaces, each checked
 * with an access review), and every route a Service's pages use answers there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { SelfSubjectAccessReview, Service, Status } from '../../../lib/k8s/types';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { runPortholeCommand } from '../../support/start-porthole-command';
import { asContext, startAppStack, type AppStack } from './stack';

const NS = 'demo';
const DEV = asContext('porthole-developer');

let stack: AppStack;
/** A Porthole with --namespaces default,demo whose developer context names no namespace. */
let configured: PortholeServer;

interface KubeconfigDoc {
  contexts: { name: string; context: { namespace?: string } }[];
}

beforeAll(async () => {
  stack = await startAppStack();
  const doc = parse(readFileSync(stack.kubeconfigPath, 'utf8')) as KubeconfigDoc;
  for (const c of doc.contexts) if (c.name === 'porthole-developer') delete c.context.namespace;
  const bare = join(dirname(stack.kubeconfigPath), 'kubeconfig-no-namespace');
  writeFileSync(bare, stringify(doc), { mode: 0o600 });
  configured = await startPorthole({ kubeconfigPath: bare, env: { PORTHOLE_NAMESPACES: 'default,demo' } });
}, 180_000);

afterAll(async () => {
  await configured?.stop();
  await stack?.stop();
});

const get = (base: string, path: string, headers: Record<string, string> = DEV) => fetch(base + path, { headers, redirect: 'manual' });

describe('the built-in developer identity (embedded cluster)', () => {
  it('is a context of the embedded kubeconfig, in namespace demo, that may not list namespaces or Services everywhere', async () => {
    const info = (await (await get(stack.url, '/api/identity')).json()) as { identity: string; identities: string[]; namespace?: string; namespaces: string[] };
    expect(info).toMatchObject({ identity: 'porthole-developer', namespace: NS, namespaces: [] });
    expect(info.identities).toContain('porthole-developer');
    expect((await get(stack.url, '/api/namespaces')).status).toBe(403);
    const all = await get(stack.url, '/api/service-rows');
    expect(all.status).toBe(403);
    expect(((await all.json()) as Status).message).toContain('User "developer" cannot list resource "services"');
    const direct = await stack.kube('GET', '/api/v1/namespaces/demo/services', undefined, { token: stack.cluster.tokens.developer });
    expect(direct.status).toBe(200);
  });
});

describe('a namespace-limited user', () => {
  it('opening the list of all namespaces lands on the context namespace', async () => {
    const res = await get(stack.url, '/services?q=web');
    expect([303, 307, 308]).toContain(res.status);
    expect(new URL(res.headers.get('location') ?? '', stack.url).search).toBe('?namespace=demo&q=web');
    const page = await get(stack.url, '/services?namespace=demo');
    expect(page.status).toBe(200);
  });

  it('reads the list, a Service, and what its detail page shows, in that namespace', async () => {
    const rows = await get(stack.url, `/api/service-rows?namespace=${NS}`);
    expect(rows.status).toBe(200);
    const list = (await (await get(stack.url, `/api/namespaces/${NS}/services`)).json()) as { items: Service[] };
    expect(list.items.length).toBeGreaterThan(0);
    const name = list.items[0].metadata.name ?? '';
    expect((await get(stack.url, `/services/${NS}/${name}`)).status).toBe(200);
    for (const path of [`/api/namespaces/${NS}/services/${name}`, `/api/namespaces/${NS}/pods`, `/api/namespaces/${NS}/endpointslices`, `/api/namespaces/${NS}/events`, `/api/openapi/services`]) {
      expect((await get(stack.url, path)).status, path).toBe(200);
    }
    expect((await get(stack.url, `/services/${NS}/${name}/edit`)).status).toBe(200);
  });

  it('may create and delete there (access reviews say so), and not elsewhere', async () => {
    const review = async (namespace: string, verb: string) => {
      const res = await fetch(`${stack.url}/api/access/selfsubjectaccessreviews`, {
        method: 'POST',
        headers: { ...DEV, 'Content-Type': 'application/json' },
        body: JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec: { resourceAttributes: { verb, resource: 'services', namespace } } }),
      });
      return ((await res.json()) as SelfSubjectAccessReview).status?.allowed;
    };
    expect(await review(NS, 'create')).toBe(true);
    expect(await review('default', 'list')).toBe(false);
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'by-developer' }, spec: { ports: [{ port: 80 }] } });
    const post = (ns: string) => fetch(`${stack.url}/api/namespaces/${ns}/services`, { method: 'POST', headers: { ...DEV, 'Content-Type': 'application/json' }, body });
    expect((await post(NS)).status).toBe(201);
    expect((await post('default')).status).toBe(403);
    expect((await fetch(`${stack.url}/api/namespaces/${NS}/services/by-developer`, { method: 'DELETE', headers: DEV })).status).toBe(200);
  });
});

describe('--namespaces', () => {
  it('offers the configured namespaces and opens the first one the user may read', async () => {
    const info = (await (await get(configured.url, '/api/identity')).json()) as { namespace?: string; namespaces: string[] };
    expect(info.namespace).toBeUndefined();
    expect(info.namespaces).toEqual(['default', 'demo']);
    // `default` comes first but the developer may not list its Services: demo is opened.
    const res = await get(configured.url, '/services');
    expect(new URL(res.headers.get('location') ?? '', configured.url).search).toBe('?namespace=demo');
    // An identity that may list everywhere still opens all namespaces.
    expect((await get(configured.url, '/services', {})).status).toBe(200);
  });

  it('refuses a name that is not a namespace before starting anything', async () => {
    const run = await runPortholeCommand(['--namespaces', 'demo,Not_A_Namespace']);
    expect(run.code).toBe(2);
    expect(run.output).toMatch(/--namespaces: "Not_A_Namespace" is not a namespace name/);
  });
});
