import 'server-only';
import { readFileSync, statSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

/**
 * Where Porthole's Kubernetes credentials come from. `bin/porthole.ts` resolves the cluster the way
 * kubectl does and passes the result through the environment:
 *   PORTHOLE_KUBECONFIG   path of the kubeconfig file to use
 *   PORTHOLE_CONTEXT      context to use (default: the file's current-context)
 *   PORTHOLE_IN_CLUSTER=1 use the pod's service account (token, ca.crt, namespace in
 *                         PORTHOLE_SERVICE_ACCOUNT_DIR, default /var/run/secrets/kubernetes.io/serviceaccount;
 *                         server https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT)
 *   PORTHOLE_CLUSTER_SOURCE  'kubeconfig' | 'in-cluster' | 'embedded' (shown in the UI)
 * Without any of them (e.g. `next dev` run directly) it falls back to client-node's kubectl-like default.
 */
export type ClusterSource = 'kubeconfig' | 'in-cluster' | 'embedded' | 'default';

export interface ClusterConfig {
  kubeConfig: KubeConfig;
  source: ClusterSource;
  contextName: string;
  clusterName: string;
  server: string;
}

let cached: { key: string; config: ClusterConfig } | undefined;

function cacheKey(): string {
  const path = process.env.PORTHOLE_KUBECONFIG;
  let mtime = 0;
  if (path) {
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      mtime = -1;
    }
  }
  return [path ?? '', mtime, process.env.PORTHOLE_CONTEXT ?? '', process.env.PORTHOLE_IN_CLUSTER ?? ''].join('|');
}

function load(): ClusterConfig {
  const kc = new KubeConfig();
  const path = process.env.PORTHOLE_KUBECONFIG;
  let source: ClusterSource;
  if (process.env.PORTHOLE_IN_CLUSTER === '1') {
    loadInCluster(kc, process.env);
    source = 'in-cluster';
  } else if (path) {
    kc.loadFromFile(path);
    source = process.env.PORTHOLE_CLUSTER_SOURCE === 'embedded' ? 'embedded' : 'kubeconfig';
  } else {
    kc.loadFromDefault();
    source = 'default';
  }
  if (source === 'embedded') preferLoopbackHttp(kc);
  allowPlainHttp(kc);
  const context = process.env.PORTHOLE_CONTEXT;
  if (context) kc.setCurrentContext(context);
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error(`kubeconfig context "${kc.getCurrentContext()}" names no cluster`);
  return { kubeConfig: kc, source, contextName: kc.getCurrentContext(), clusterName: cluster.name, server: cluster.server };
}

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * client-node's loadFromCluster, with the service-account directory overridable (tests point it at a
 * token and CA of their own). The token file is re-read as the kubelet rotates it (tokenFile provider).
 */
export function loadInCluster(kc: KubeConfig, env: Record<string, string | undefined>): void {
  const dir = env.PORTHOLE_SERVICE_ACCOUNT_DIR || SERVICE_ACCOUNT_DIR;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT || '443';
  if (!host) throw new Error('in-cluster mode needs KUBERNETES_SERVICE_HOST');
  const server = `https://${isIPv6(host) ? `[${host}]` : host}:${port}`;
  let namespace: string | undefined;
  try {
    namespace = readFileSync(join(dir, 'namespace'), 'utf8').trim() || undefined;
  } catch {
    namespace = undefined;
  }
  kc.loadFromOptions({
    clusters: [{ name: 'in-cluster', server, caFile: join(dir, 'ca.crt'), skipTLSVerify: false }],
    users: [{ name: 'service-account', authProvider: { name: 'tokenFile', config: { tokenFile: join(dir, 'token') } } }],
    contexts: [{ name: 'in-cluster', cluster: 'in-cluster', user: 'service-account', namespace }],
    currentContext: 'in-cluster',
  });
}

/**
 * The embedded cluster answers plain HTTP and TLS on the same loopback port; its kubeconfig says
 * https because client-go sends tokens only over TLS. Porthole's server talks to it over loopback, so
 * it skips the TLS round trips and encryption of every (10 MB) list.
 */
function preferLoopbackHttp(kc: KubeConfig): void {
  const loopback = /^https:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/;
  if (!kc.getClusters().some((c) => loopback.test(c.server))) return;
  kc.loadFromOptions({
    clusters: kc.getClusters().map((c) => (loopback.test(c.server) ? { ...c, server: c.server.replace(/^https:/, 'http:') } : c)),
    users: kc.getUsers(),
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext(),
  });
}

/**
 * client-node refuses `http:` servers unless the cluster says insecure-skip-tls-verify (there is no TLS
 * to verify). The embedded cluster serves plain HTTP on loopback, and kubectl accepts such a
 * kubeconfig as it is, so Porthole does too.
 */
function allowPlainHttp(kc: KubeConfig): void {
  const clusters = kc.getClusters();
  if (!clusters.some((c) => c.server.startsWith('http:') && !c.skipTLSVerify)) return;
  kc.loadFromOptions({
    clusters: clusters.map((c) => (c.server.startsWith('http:') ? { ...c, skipTLSVerify: true } : c)),
    users: kc.getUsers(),
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext(),
  });
}

/**
 * The configured cluster (re-read when the kubeconfig file changes). Throws when none is usable; if the
 * file becomes unreadable later (e.g. being rewritten), the last good configuration stays in use.
 */
export function clusterConfig(): ClusterConfig {
  const key = cacheKey();
  if (!cached || cached.key !== key) {
    try {
      cached = { key, config: load() };
    } catch (err) {
      if (!cached) throw err;
    }
  }
  return cached.config;
}

/** Contexts of the kubeconfig that reach the same cluster: the identities a user may switch between. */
/**
 * Whether browsers may act as another context of the kubeconfig. Anyone who can open Porthole could
 * otherwise pick the most powerful credentials in it: allowed only for the embedded cluster (a local
 * test cluster whose identities exist to be tried) or when started with `--allow-context-switch`
 * (PORTHOLE_ALLOW_CONTEXT_SWITCH=1).
 */
export function contextSwitchAllowed(config: ClusterConfig = clusterConfig()): boolean {
  // With --auth token or proxy every user acts as themselves: no kubeconfig context to pick.
  const auth = process.env.PORTHOLE_AUTH ?? 'kubeconfig';
  if (auth !== '' && auth !== 'kubeconfig') return false;
  return config.source === 'embedded' || process.env.PORTHOLE_ALLOW_CONTEXT_SWITCH === '1';
}

/** The contexts a browser may act as: those reaching the same cluster, or only the configured one. */
export function identityContexts(config: ClusterConfig = clusterConfig()): string[] {
  if (!contextSwitchAllowed(config)) return [config.contextName];
  const kc = config.kubeConfig;
  return kc.getContexts().filter((c) => c.cluster === config.clusterName).map((c) => c.name);
}

const perContext = new Map<string, KubeConfig>();

/** A KubeConfig whose current context is `context` (one of `identityContexts()`), cached. */
export function kubeConfigForContext(config: ClusterConfig, context: string): KubeConfig {
  if (context === config.contextName) return config.kubeConfig;
  const key = `${config.clusterName}|${config.server}|${context}`;
  let kc = perContext.get(key);
  if (!kc) {
    kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: config.kubeConfig.getClusters(),
      users: config.kubeConfig.getUsers(),
      contexts: config.kubeConfig.getContexts(),
      currentContext: context,
    });
    perContext.set(key, kc);
  }
  return kc;
}

/** A KubeConfig for a bearer token against the configured cluster; one user name per token. */
export function kubeConfigForToken(config: ClusterConfig, token: string, tokenId: string): KubeConfig {
  const cluster = config.kubeConfig.getCurrentCluster();
  if (!cluster) throw new Error('no current cluster');
  const kc = new KubeConfig();
  const user = `porthole-token-${tokenId}`;
  kc.loadFromOptions({
    clusters: [cluster],
    users: [{ name: user, token }],
    contexts: [{ name: user, cluster: cluster.name, user }],
    currentContext: user,
  });
  return kc;
}
