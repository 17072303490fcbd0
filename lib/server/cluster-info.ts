import 'server-only';
import { authConfig } from './auth-mode';
import type { AuthMode } from '../contract/cluster-info';
import { IdentityError, identityFor, type RequestIdentity } from './identity';
import { clusterConfig, clusterConfigs, identityContexts, UnknownClusterError } from './kubeconfig';
import { sessionDeadline } from './session';
import type { ClusterInfo, ClusterInfoResult } from '../contract/cluster-info';
import { configuredNamespaces } from './configured-namespaces';
import { fileErrorText, withoutPaths } from './safe-message';

export type { ClusterInfoResult } from '../contract/cluster-info';

/** What a visitor who has not signed in (token and proxy modes) is told: the sign-in mode, no cluster details. */
function anonymousInfo(auth: AuthMode): ClusterInfo {
  return { ok: true, contextName: '', clusterName: '', server: '', source: 'default', identities: [], identity: '', namespaces: [], auth, clusters: [], defaultCluster: '' };
}

/** The chrome's view of cluster `clusterName` (`?cluster=`; the default one without it). */
export function clusterInfo(headers: Headers, clusterName?: string): ClusterInfoResult {
  const mode = authConfig().mode;
  let identity: RequestIdentity | undefined;
  try {
    const config = clusterConfig(clusterName);
    const all = clusterConfigs();
    try {
      identity = identityFor(headers, config.clusterName);
    } catch (err) {
      // Token or proxy mode with nobody signed in: the chrome shows the sign-in state, not an error.
      if (!(err instanceof IdentityError)) throw err;
    }
    // Token and proxy modes: nothing about the cluster before sign-in, and a signed-in user sees only
    // what is theirs (not Porthole's own kubeconfig context or its other contexts).
    if (mode !== 'kubeconfig' && !identity) return anonymousInfo(mode);
    const own = mode === 'kubeconfig';
    return {
      ok: true,
      contextName: own ? config.contextName : '',
      clusterName: config.clusterName,
      server: config.server,
      source: config.source,
      identities: own ? identityContexts(config) : [],
      // Token and proxy modes: the user's name (what the UI says "you" are), never the token's hash.
      identity: identity?.user?.name ?? identity?.name ?? '',
      namespace: identity?.kubeConfig.getContextObject(identity.kubeConfig.getCurrentContext())?.namespace,
      namespaces: configuredNamespaces(),
      auth: mode,
      user: identity?.user,
      sessionExpiresAt: identity?.session ? sessionDeadline(identity.session, authConfig()) : undefined,
      clusters: all.map((c) => c.clusterName),
      defaultCluster: (all.find((c) => c.isDefault) ?? all[0]).clusterName,
    };
  } catch (err) {
    // Not even which clusters exist, or why one is unusable, before sign-in.
    if (mode !== 'kubeconfig' && !identity) return anonymousInfo(mode);
    if (err instanceof UnknownClusterError) return { ok: false, error: err.message, unknownCluster: { name: err.cluster, known: err.known } };
    return { ok: false, error: fileErrorText(err) ?? withoutPaths(err instanceof Error ? err.message : String(err)) };
  }
}
