import 'server-only';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { KubeConfig, type Cluster } from '@kubernetes/client-node';
import { deriveClusters, kubeconfigPaths, mergeKubeconfigs, withFreeNames, type ClusterSource, type KubeconfigFile } from './kubeconfig-merge';

/**
 * Where Porthole's Kubernetes credentials come from. `bin/porthole.ts` resolves the clusters the way
 * kubectl does and passes the result through the environment:
 *   PORTHOLE_KUBECONFIG   kubeconfig file(s), separated like $KUBECONFIG (path delimiter), merged as
 *                         kubectl merges them (lib/server/kubeconfig-merge.ts)
 *   PORTHOLE_EMBEDDED_KUBECONFIG  the embedded cluster's kubeconfig, added after them (`--embedded`)
 *   PORTHOLE_CONTEXT      context to use by default (default: the merged current-context); its
 *                         cluster is the default cluster
 *   PORTHOLE_IN_CLUSTER=1 use the pod's service account (token, ca.crt, namespace in
 *                         PORTHOLE_SERVICE_ACCOUNT_DIR, default /var/run/secrets/kubernetes.io/serviceaccount;
 *                         server https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT)
 *   PORTHOLE_CLUSTER_SOURCE  'embedded' when PORTHOLE_KUBECONFIG itself is the embedded cluster's
 * Without any of them (e.g. `next dev` run directly) it reads $KUBECONFIG or ~/.kube/config, else
 * falls back to client-node's default.
 *
 * Every kubeconfig *cluster* entry that a context reaches is one cluster of Porthole (named by the
 * entry's name, what `?cluster=` carries). Each gets its own KubeConfig whose current context is the
 * cluster's default context. Sign-in modes token and proxy use the default cluster only.
 */
export type { ClusterSource } from './kubeconfig-merge';

export interface ClusterConfig {
  kubeConfig: KubeConfig;
  source: ClusterSource;
  contextName: string;
  clusterName: string;
  server: string;
  /** The cluster a URL without `?cluster=` opens. */
  isDefault: boolean;
}

/** A `?cluster=` that names no cluster Porthole knows (a 404 Status, a page listing the known ones). */
export class UnknownClusterError extends Error {
  constructor(
    readonly cluster: string,
    readonly known: string[],
  ) {
    super(`unknown cluster ${JSON.stringify(cluster)}: Porthole knows ${known.map((k) => JSON.stringify(k)).join(', ')}`);
    this.name = 'UnknownClusterError';
  }
}

let cached: { key: string; clusters: ClusterConfig[] } | undefined;

function envPaths(): { paths: string[]; embedded: string[] } {
  const embedded = kubeconfigPaths(process.env.PORTHOLE_EMBEDDED_KUBECONFIG, delimiter);
  if (process.env.PORTHOLE_KUBECONFIG !== undefined) return { paths: kubeconfigPaths(process.env.PORTHOLE_KUBECONFIG, delimiter), embedded };
  if (process.env.PORTHOLE_IN_CLUSTER === '1') return { paths: [], embedded };
  if (process.env.KUBECONFIG) return { paths: kubeconfigPaths(process.env.KUBECONFIG, delimiter), embedded };
  const home = join(homedir(), '.kube', 'config');
  return { paths: existsSync(home) ? [home] : [], embedded };
}

function cacheKey(): string {
  const { paths, embedded } = envPaths();
  const stamp = (path: string): string => {
    try {
      return `${path}@${statSync(path).mtimeMs}`;
    } catch {
      return `${path}@-1`;
    }
  };
  return [...paths.map(stamp), '|', ...embedded.map(stamp), process.env.PORTHOLE_CONTEXT ?? '', process.env.PORTHOLE_IN_CLUSTER ?? '', process.env.PORTHOLE_CLUSTER_SOURCE ?? ''].join('|');
}

/** One file as client-node reads it (relative certificate paths made absolute); a missing file is skipped, as kubectl does. */
function readFile(path: string, source: ClusterSource): KubeconfigFile | undefined {
  if (!existsSync(path)) return undefined;
  const kc = new KubeConfig();
  kc.loadFromFile(path);
  return { path, source, clusters: kc.getClusters(), users: kc.getUsers(), contexts: kc.getContexts(), currentContext: kc.getCurrentContext() };
}

function load(): ClusterConfig[] {
  if (process.env.PORTHOLE_IN_CLUSTER === '1') {
    const kc = new KubeConfig();
    loadInCluster(kc, process.env);
    const cluster = kc.getCurrentCluster()!;
    return [{ kubeConfig: kc, source: 'in-cluster', contextName: kc.getCurrentContext(), clusterName: cluster.name, server: cluster.server, isDefault: true }];
  }
  const { paths, embedded } = envPaths();
  const ownSource: ClusterSource = process.env.PORTHOLE_CLUSTER_SOURCE === 'embedded' ? 'embedded' : process.env.PORTHOLE_KUBECONFIG !== undefined ? 'kubeconfig' : 'default';
  const files = paths.map((p) => readFile(p, ownSource)).filter((f): f is KubeconfigFile => f !== undefined);
  // `--embedded` next to a kubeconfig: the embedded cluster is the default unless PORTHOLE_CONTEXT names another.
  let context = process.env.PORTHOLE_CONTEXT || undefined;
  for (const path of embedded) {
    const file = readFile(path, 'embedded');
    if (!file) continue;
    const added = withFreeNames(file, mergeKubeconfigs(files));
    files.push(added);
    context ??= added.currentContext || undefined;
  }
  if (files.length === 0) {
    if (paths.length > 0 || embedded.length > 0) throw new Error(`no kubeconfig file found (${[...paths, ...embedded].length} path(s) given)`);
    const kc = new KubeConfig();
    kc.loadFromDefault();
    files.push({ path: 'default', source: 'default', clusters: kc.getClusters(), users: kc.getUsers(), contexts: kc.getContexts(), currentContext: kc.getCurrentContext() });
  }
  const merged = mergeKubeconfigs(files);
  const clusters = merged.clusters.map((c) => usableServer(c, merged.clusterSource[c.name]));
  return deriveClusters(merged, context).map((entry) => {
    const kc = new KubeConfig();
    kc.loadFromOptions({ clusters, users: merged.users, contexts: merged.contexts, currentContext: entry.defaultContext });
    const server = kc.getCurrentCluster()?.server ?? entry.server;
    return { kubeConfig: kc, source: entry.source, contextName: entry.defaultContext, clusterName: entry.name, server, isDefault: entry.isDefault };
  });
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

const LOOPBACK_HTTPS = /^https:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/;

/**
 * The embedded cluster answers plain HTTP and TLS on the same loopback port; its kubeconfig says
 * https because client-go sends tokens only over TLS. Porthole's server talks to it over loopback, so
 * it skips the TLS round trips and encryption of every (10 MB) list.
 * client-node refuses `http:` servers unless the cluster says insecure-skip-tls-verify (there is no TLS
 * to verify). The embedded cluster serves plain HTTP on loopback, and kubectl accepts such a
 * kubeconfig as it is, so Porthole does too.
 */
function usableServer(cluster: Cluster, source: ClusterSource | undefined): Cluster {
  const server = source === 'embedded' && LOOPBACK_HTTPS.test(cluster.server) ? cluster.server.replace(/^https:/, 'http:') : cluster.server;
  return server.startsWith('http:') ? { ...cluster, server, skipTLSVerify: true } : cluster;
}

/** Every cluster Porthole knows (re-read when a kubeconfig file changes); only the default one in sign-in modes token and proxy. */
export function clusterConfigs(): ClusterConfig[] {
  const key = cacheKey();
  if (!cached || cached.key !== key) {
    try {
      cached = { key, clusters: load() };
    } catch (err) {
      if (!cached) throw err;
    }
  }
  const auth = process.env.PORTHOLE_AUTH ?? 'kubeconfig';
  return auth !== '' && auth !== 'kubeconfig' ? cached.clusters.filter((c) => c.isDefault) : cached.clusters;
}

/**
 * The cluster `name` names (`?cluster=`), or the default cluster without a name. Throws when none is
 * usable, or UnknownClusterError for a name Porthole does not know; if a kubeconfig file becomes
 * unreadable later (e.g. being rewritten), the last good configuration stays in use.
 */
export function clusterConfig(name?: string): ClusterConfig {
  const clusters = clusterConfigs();
  const found = name ? clusters.find((c) => c.clusterName === name) : (clusters.find((c) => c.isDefault) ?? clusters[0]);
  if (!found) throw new UnknownClusterError(name ?? '', clusters.map((c) => c.clusterName));
  return found;
}

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
