/**
 * The answers of Porthole's own API that the browser reads (`/api/identity`, `/api/clusters`): the
 * server builds them (lib/server/cluster-info.ts, cluster-reachability.ts), the browser's data layer
 * (lib/client) reads them. Types only; no credentials in them.
 */

/** Where a cluster's configuration came from. */
export type ClusterSource = 'kubeconfig' | 'in-cluster' | 'embedded' | 'default';

/** How users sign in (--auth). */
export type AuthMode = 'kubeconfig' | 'token' | 'proxy';

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

export type Reachability = { state: 'reachable'; checkedAt: number } | { state: 'unreachable'; reason: string; checkedAt: number };

/** One cluster of the picker (`/api/clusters`). */
export interface ClusterSummary {
  /** The kubeconfig cluster name (what `?cluster=` carries). */
  name: string;
  /** host:port of the API server. */
  server: string;
  source: ClusterSource;
  /** The cluster a URL without `?cluster=` opens. */
  default: boolean;
  reachability: Reachability;
}
