import 'server-only';
import { createHash } from 'node:crypto';
import type { KubeConfig } from '@kubernetes/client-node';
import { clusterConfig, identityContexts, kubeConfigForContext, kubeConfigForToken, type ClusterConfig } from './kubeconfig';

/** Cookie holding the kubeconfig context the user acts as (one of the contexts reaching the same cluster). */
export const IDENTITY_COOKIE = 'porthole-context';

/** Who a request acts as, and the KubeConfig that carries that identity's credentials. */
export interface RequestIdentity {
  kubeConfig: KubeConfig;
  /** The context name, or `token:<hash>` for a bearer token. */
  name: string;
  cluster: ClusterConfig;
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export class IdentityError extends Error {}

/**
 * The identity of one request: an `Authorization: Bearer` token (API clients, tests) wins; then the
 * identity cookie if it names a context of the same cluster; else the kubeconfig's own user.
 * The browser only ever holds a context *name*, never a credential.
 */
export function identityFor(headers: Headers): RequestIdentity {
  const cluster = clusterConfig();
  const auth = headers.get('authorization');
  if (auth) {
    const match = /^Bearer\s+(\S+)$/i.exec(auth);
    if (!match) throw new IdentityError('Authorization header must be "Bearer <token>"');
    const tokenId = createHash('sha256').update(match[1]).digest('hex').slice(0, 16);
    return { kubeConfig: kubeConfigForToken(cluster, match[1], tokenId), name: `token:${tokenId}`, cluster };
  }
  const chosen = readCookie(headers.get('cookie'), IDENTITY_COOKIE);
  if (chosen && chosen !== cluster.contextName && identityContexts(cluster).includes(chosen)) {
    return { kubeConfig: kubeConfigForContext(cluster, chosen), name: chosen, cluster };
  }
  return { kubeConfig: cluster.kubeConfig, name: cluster.contextName, cluster };
}
