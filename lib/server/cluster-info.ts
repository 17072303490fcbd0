import 'server-only';
import { identityFor } from './identity';
import { clusterConfig, identityContexts, type ClusterSource } from './kubeconfig';
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
}

export type ClusterInfoResult = ClusterInfo | { ok: false; error: string };

export function clusterInfo(headers: Headers): ClusterInfoResult {
  try {
    const config = clusterConfig();
    const identity = identityFor(headers);
    return {
      ok: true,
      contextName: config.contextName,
      clusterName: config.clusterName,
      server: config.server,
      source: config.source,
      identities: identityContexts(config),
      identity: identity.name,
      namespace: identity.kubeConfig.getContextObject(identity.kubeConfig.getCurrentContext())?.namespace,
    };
  } catch (err) {
    return { ok: false, error: fileErrorText(err) ?? withoutPaths(err instanceof Error ? err.message : String(err)) };
  }
}
