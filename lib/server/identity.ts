import 'server-only';
import { createHash } from 'node:crypto';
import type https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { authConfig, type AuthMode } from './auth-mode';
import { proxyUser } from './auth-mode-proxy';
import { clusterConfig, identityContexts, kubeConfigForContext, kubeConfigForToken, type ClusterConfig } from './kubeconfig';
import { readCookie, sessionState } from './session';
import type { Session } from './session-seal';

/** Cookie holding the kubeconfig context the user acts as (one of the contexts reaching the same cluster). */
export const IDENTITY_COOKIE = 'porthole-context';

/**
 * The identity cookie holds one chosen context per cluster (comma-separated, each URI-encoded): the one
 * of them that reaches `cluster` and may be used there.
 */
export function chosenContext(cookie: string | undefined, cluster: ClusterConfig): string | undefined {
  if (!cookie) return undefined;
  const allowed = identityContexts(cluster);
  return cookie.split(',').map(safeDecode).find((name) => name !== undefined && allowed.includes(name));
}

/** The identity cookie's value after choosing `context` on `cluster`: the choices for other clusters stay. */
export function withChosenContext(cookie: string | undefined, cluster: ClusterConfig, context: string): string {
  const others = (cookie ?? '').split(',').filter((part) => {
    const name = safeDecode(part);
    return name !== undefined && name !== '' && cluster.kubeConfig.getContextObject(name)?.cluster !== cluster.clusterName;
  });
  return [encodeURIComponent(context), ...others.slice(0, 31)].join(',');
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Who a request acts as, and the KubeConfig that carries that identity's credentials. */
export interface RequestIdentity {
  kubeConfig: KubeConfig;
  /** The context name, `token:<hash>` for a bearer token, `proxy:<hash>` for a proxy-named user. */
  name: string;
  cluster: ClusterConfig;
  auth: AuthMode;
  /** The signed-in user (token and proxy modes). */
  user?: { name: string; groups: string[] };
  /** The token-mode session this request carries. */
  session?: Session;
}

export class IdentityError extends Error {}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Bounded caches of per-user KubeConfigs (client-node's credentials are applied once per KubeConfig). */
const MAX_CACHED = 512;
function cachedConfig(cache: Map<string, KubeConfig>, key: string, make: () => KubeConfig): KubeConfig {
  let kc = cache.get(key);
  if (!kc) {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, (kc = make()));
  }
  return kc;
}

const perToken = new Map<string, KubeConfig>();

/** A KubeConfig that sends `token` to the configured cluster (one client-node user per token). */
export function tokenKubeConfig(cluster: ClusterConfig, token: string): KubeConfig {
  const tokenId = hash(token);
  return cachedConfig(perToken, `${cluster.clusterName}|${cluster.server}|${tokenId}`, () => kubeConfigForToken(cluster, token, tokenId));
}

/**
 * The configured credentials plus Impersonate-User and one Impersonate-Group line per group
 * (client-node itself only knows Impersonate-User). Applied on every request it makes, the watch
 * stream's included.
 */
class ImpersonatingKubeConfig extends KubeConfig {
  constructor(
    readonly asUser: string,
    readonly asGroups: string[],
  ) {
    super();
  }
  override async applyToHTTPSOptions(opts: https.RequestOptions): Promise<void> {
    await super.applyToHTTPSOptions(opts);
    const headers = (opts.headers ??= {}) as Record<string, string | string[]>;
    for (const k of Object.keys(headers)) if (k.toLowerCase().startsWith('impersonate-')) delete headers[k];
    headers['Impersonate-User'] = this.asUser;
    if (this.asGroups.length) headers['Impersonate-Group'] = this.asGroups;
  }
}

const perProxyUser = new Map<string, KubeConfig>();

function impersonating(cluster: ClusterConfig, user: string, groups: string[]): KubeConfig {
  return cachedConfig(perProxyUser, `${cluster.clusterName}|${cluster.server}|${cluster.contextName}|${user}\n${groups.join('\n')}`, () => {
    const kc = new ImpersonatingKubeConfig(user, groups);
    const base = cluster.kubeConfig;
    kc.loadFromOptions({ clusters: base.getClusters(), users: base.getUsers(), contexts: base.getContexts(), currentContext: cluster.contextName });
    return kc;
  });
}

const minutes = (seconds: number): string => (seconds >= 3600 ? `${+(seconds / 3600).toFixed(1)} h` : seconds >= 60 ? `${+(seconds / 60).toFixed(1)} min` : `${seconds} s`);

function tokenIdentity(headers: Headers, cluster: ClusterConfig): RequestIdentity {
  const config = authConfig();
  const state = sessionState(headers, config);
  if (state.kind === 'none') throw new IdentityError('not signed in: sign in with your bearer token first');
  if (state.kind === 'invalid') throw new IdentityError('the session cookie is not valid here: sign in again');
  if (state.kind === 'expired') {
    if (state.why === 'signed-out') throw new IdentityError('the session was ended by signing out: sign in again');
    throw new IdentityError(
      state.why === 'idle'
        ? `the session expired after ${minutes(config.idleSeconds)} without activity: sign in again`
        : `the session reached its maximum length of ${minutes(config.maxSeconds)}: sign in again`,
    );
  }
  const { session } = state;
  return {
    kubeConfig: tokenKubeConfig(cluster, session.token),
    name: `token:${hash(session.token)}`,
    cluster,
    auth: 'token',
    user: { name: session.user, groups: session.groups },
    session,
  };
}

function proxyIdentity(headers: Headers, cluster: ClusterConfig): RequestIdentity {
  const found = proxyUser(headers, authConfig());
  if (found.kind === 'untrusted') throw new IdentityError(`user headers from ${found.peer ?? 'this address'} are ignored: it is not a trusted proxy`);
  if (found.kind === 'none') throw new IdentityError('no user: Porthole acts only for users its authenticating proxy names');
  return {
    kubeConfig: impersonating(cluster, found.user, found.groups),
    name: `proxy:${hash(`${found.user}\n${found.groups.join('\n')}`)}`,
    cluster,
    auth: 'proxy',
    user: { name: found.user, groups: found.groups },
  };
}

/**
 * The identity of one request, by sign-in mode (--auth):
 *  - token: the user's own token from the sealed session cookie, else IdentityError (401): never a fallback;
 *  - proxy: the configured credentials impersonating the user a trusted proxy names, else IdentityError;
 *  - kubeconfig: the identity cookie if it names a context of the same cluster; else the kubeconfig's own user.
 * `clusterName` (`?cluster=`): which cluster; the default one without it (UnknownClusterError for a name not known).
 * The browser only ever holds a context *name* or a sealed session, never a credential in clear; credentials
 * a request brings (Authorization, Impersonate-*, X-Remote-*) are never used (lib/server/credential-headers.ts).
 */
export function identityFor(headers: Headers, clusterName?: string): RequestIdentity {
  const cluster = clusterConfig(clusterName);
  const mode = authConfig().mode;
  if (mode === 'token') return tokenIdentity(headers, cluster);
  if (mode === 'proxy') return proxyIdentity(headers, cluster);
  const chosen = chosenContext(readCookie(headers.get('cookie'), IDENTITY_COOKIE), cluster);
  if (chosen && chosen !== cluster.contextName) {
    return { kubeConfig: kubeConfigForContext(cluster, chosen), name: chosen, cluster, auth: mode };
  }
  return { kubeConfig: cluster.kubeConfig, name: cluster.contextName, cluster, auth: mode };
}
