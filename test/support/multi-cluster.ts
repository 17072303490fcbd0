/**
 * Porthole on several clusters for integration and browser tests: two embedded clusters (child
 * processes) and one unreachable address (a closed loopback port), described by two kubeconfig
 * files given as one KUBECONFIG-style list, as kubectl users have them:
 *   file 1: cluster `alpha` (embedded, demo data; contexts alpha-admin (current), alpha-viewer, alpha-editor)
 *   file 2: cluster `beta` (embedded, empty + a Service `only-in-beta` in `default`), cluster `dead`
 *           (nothing listens), a second `alpha` entry pointing at the dead port (ignored: the first file
 *           wins) and current-context beta-admin (ignored: the first file's wins).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { startTestCluster, type TestCluster } from './start-cluster';
import { freePort, startPorthole, type PortholeServer } from './start-porthole';

interface KubeconfigDoc {
  clusters: { name: string; cluster: Record<string, unknown> }[];
  users: { name: string; user: Record<string, unknown> }[];
  contexts: { name: string; context: { cluster: string; user: string; namespace?: string } }[];
  'current-context'?: string;
}

/** The embedded cluster's kubeconfig with every name prefixed: cluster `<prefix>`, users and contexts `<prefix>-<identity>`. */
export function renamedKubeconfig(path: string, prefix: string): KubeconfigDoc {
  const doc = parse(readFileSync(path, 'utf8')) as KubeconfigDoc;
  const context = (name: string): string => `${prefix}-${name.replace(/^porthole-/, '')}`;
  return {
    clusters: doc.clusters.map((c) => ({ ...c, name: prefix })),
    users: doc.users.map((u) => ({ ...u, name: `${prefix}-${u.name}` })),
    contexts: doc.contexts.map((c) => ({ name: context(c.name), context: { ...c.context, cluster: prefix, user: `${prefix}-${c.context.user}` } })),
    'current-context': context(doc['current-context'] ?? 'porthole-admin'),
  };
}

export const ONLY_IN_BETA = 'only-in-beta';

export interface MultiClusterStack {
  alpha: TestCluster;
  beta: TestCluster;
  /** The closed loopback port the `dead` cluster points at. */
  deadPort: number;
  /** The two kubeconfig files joined like $KUBECONFIG. */
  kubeconfig: string;
  porthole: PortholeServer;
  url: string;
  /** Request straight to cluster `beta`'s API server as its admin. */
  betaKube(method: string, path: string, body?: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export async function startMultiClusterStack(opts: { env?: Record<string, string> } = {}): Promise<MultiClusterStack> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-multi-'));
  const [alpha, beta] = await Promise.all([startTestCluster(), startTestCluster({ empty: true })]);
  const deadPort = await freePort();
  const betaKube = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(beta.url + path, {
      method,
      headers: { Authorization: `Bearer ${beta.tokens.admin}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const created = await betaKube('POST', '/api/v1/namespaces/default/services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: ONLY_IN_BETA, namespace: 'default', labels: { cluster: 'beta' } },
    spec: { selector: { app: ONLY_IN_BETA }, ports: [{ port: 80 }] },
  });
  if (created.status !== 201) throw new Error(`creating ${ONLY_IN_BETA}: ${created.status} ${await created.text()}`);

  const first = renamedKubeconfig(alpha.kubeconfigPath, 'alpha');
  const betaDoc = renamedKubeconfig(beta.kubeconfigPath, 'beta');
  const dead = `https://127.0.0.1:${deadPort}`;
  const second: KubeconfigDoc = {
    clusters: [...betaDoc.clusters, { name: 'dead', cluster: { server: dead, 'insecure-skip-tls-verify': true } }, { name: 'alpha', cluster: { server: dead } }],
    users: [...betaDoc.users, { name: 'dead-user', user: { token: 'nobody-checks-it' } }],
    contexts: [...betaDoc.contexts, { name: 'dead', context: { cluster: 'dead', user: 'dead-user' } }],
    'current-context': 'beta-admin',
  };
  const files = [join(work, 'alpha.kubeconfig'), join(work, 'more.kubeconfig')];
  writeFileSync(files[0], stringify({ apiVersion: 'v1', kind: 'Config', ...first }), { mode: 0o600 });
  writeFileSync(files[1], stringify({ apiVersion: 'v1', kind: 'Config', ...second }), { mode: 0o600 });
  const kubeconfig = files.join(delimiter);

  let porthole: PortholeServer;
  try {
    porthole = await startPorthole({ kubeconfigPath: kubeconfig, source: 'kubeconfig', env: opts.env });
  } catch (err) {
    await Promise.all([alpha.stop(), beta.stop()]);
    throw err;
  }
  return {
    alpha,
    beta,
    deadPort,
    kubeconfig,
    porthole,
    url: porthole.url,
    betaKube,
    async stop() {
      await porthole.stop();
      await Promise.all([alpha.stop(), beta.stop()]);
      rmSync(work, { recursive: true, force: true });
    },
  };
}
