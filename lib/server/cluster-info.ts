import 'server-only';
import { authConfig, type AuthMode } from './auth-mode';
import { IdentityError, identityFor, type RequestIdentity } from './identity';
import { clusterConfig, clusterConfigs, identityContexts, UnknownClusterError, type ClusterSource } from './kubeconfig';
import { sessionDeadline } from './session';
import { configuredNamespaces } from './configured-namespaces';
import { fileErrorText, withoutPaths } from './safe-message';

/** What the app chrome shows about the cluster and the current identity (no credentials). */
export interface ClusterInfo {
  ok: true;
  contextName: string;
  clusterName: string;
  server: string;
  source: ClusterSource;
  /** Contexts of the kubeconfig that reach the same cluster (identities to switch between). */
  identities: string[];
  /** The identity this request acts as. */
  identity: string;
  /** The namespace of the identity's kubeconfig context (a choice even when namespaces cannot be listed). */
  namespace?: string;
  /** --namespaces: more namespaces to offer when namespaces cannot be listed (each checked per identity). */
  namespaces: string[];
  /** How users sign in (--auth). */
  auth: AuthMode;
  /** Token and proxy modes: the signed-in user (absent when nobody is signed in). */
  user?: { name: string; groups: string[] };
  /** Token mode: when the session ends without activity (ms since the epoch). */
  sessionExpiresAt?: number;
  /** Every cluster Porthole knows, by kubeconfig cluster name (one: URLs carry no `?cluster=`). */
  clusters: string[];
  /** The cluster a URL without `?cluster=` opens. */
  defaultCluster: string;
}

export type ClusterInfoResult = ClusterInfo | { ok: false; error: string; unknownCluster?: { name: string; known: string[] } };

/** The chrome's view of cluster `clusterName` (`?cluster=`; the default one without it). */
export function clusterInfo(headers: Headers, clusterName?: string): ClusterInfoResult {
  try {
    const config = clusterConfig(clusterName);
    const all = clusterConfigs();
    let identity: RequestIdentity | undefined;
    try {
      identity = identityFor(headers, config.clusterName);
    } catch (err) {
      // Token or proxy mode with nobody signed in: the chrome shows the sign-in state, not an error.
      if (!(err instanceof IdentityError)) throw err;
    }
    return {
      ok: true,
      contextName: config.contextName,
      clusterName: config.clusterName,
      server: config.server,
      source: config.source,
      identities: identityContexts(config),
      // Token and proxy modes: the user's name (what the UI says "you" are), never the token's hash.
      identity: identity?.user?.name ?? identity?.name ?? '',
      namespace: identity?.kubeConfig.getContextObject(identity.kubeConfig.getCurrentContext())?.namespace,
      namespaces: configuredNamespaces(),
      auth: authConfig().mode,
      user: identity?.user,
      sessionExpiresAt: identity?.session ? sessionDeadline(identity.session, authConfig()) : undefined,
      clusters: all.map((c) => c.clusterName),
      defaultCluster: (all.find((c) => c.isDefault) ?? all[0]).clusterName,
    };
  } catch (err) {
    if (err instanceof UnknownClusterError) return { ok: false, error: err.message, unknownCluster: { name: err.cluster, known: err.known } };
    return { ok: false, error: fileErrorText(err) ?? withoutPaths(err instanceof Error ? err.message : String(err)) };
  }
}
