/**
 * Several kubeconfig files as one, the way kubectl merges `KUBECONFIG=a:b:c`, and the clusters
 * Porthole offers from the result. Pure: no file access, no client-node instance (unit-tested in
 * kubeconfig-merge.test.ts); lib/server/kubeconfig.ts reads the files and builds the clients.
 *
 * kubectl's rules (k8s.io/client-go/tools/clientcmd, ClientConfigLoadingRules.Load):
 *  - a cluster, user or context name set by an earlier file wins: later entries of that name are ignored;
 *  - current-context comes from the first file that sets one.
 */
import type { Cluster, Context, User } from '@kubernetes/client-node';

/** Where a cluster comes from (shown in the UI and by /api/clusters). */
export type { ClusterSource } from '../contract/cluster-info';
import type { ClusterSource } from '../contract/cluster-info';

/** One kubeconfig file as client-node read it (relative paths already made absolute). */
export interface KubeconfigParts {
  clusters: readonly Cluster[];
  users: readonly User[];
  contexts: readonly Context[];
  currentContext: string;
}

export interface KubeconfigFile extends KubeconfigParts {
  /** For messages only (never sent to a browser). */
  path: string;
  source: ClusterSource;
}

export interface MergedKubeconfig extends KubeconfigParts {
  /** The source of each cluster entry, by cluster name. */
  clusterSource: Record<string, ClusterSource>;
}

function firstWins<T extends { name: string }>(lists: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const item of list) {
      if (seen.has(item.name)) continue;
      seen.add(item.name);
      out.push(item);
    }
  }
  return out;
}

/** Merges kubeconfig files in order: the first file to name a cluster, user or context wins. */
export function mergeKubeconfigs(files: readonly KubeconfigFile[]): MergedKubeconfig {
  const clusterSource: Record<string, ClusterSource> = {};
  for (const f of files) for (const c of f.clusters) if (!(c.name in clusterSource)) clusterSource[c.name] = f.source;
  return {
    clusters: firstWins(files.map((f) => f.clusters)),
    users: firstWins(files.map((f) => f.users)),
    contexts: firstWins(files.map((f) => f.contexts)),
    currentContext: files.find((f) => f.currentContext)?.currentContext ?? '',
    clusterSource,
  };
}

/**
 * A file added after the user's kubeconfig (the embedded cluster next to `--embedded`), with every
 * name the merged files already use suffixed (`-2`, `-3`, ...) so it is not hidden by "first wins".
 */
export function withFreeNames(file: KubeconfigFile, taken: KubeconfigParts): KubeconfigFile {
  const rename = (used: readonly { name: string }[], names: readonly string[]): Map<string, string> => {
    const all = new Set(used.map((u) => u.name));
    const map = new Map<string, string>();
    for (const name of names) {
      let free = name;
      for (let i = 2; all.has(free); i++) free = `${name}-${i}`;
      all.add(free);
      map.set(name, free);
    }
    return map;
  };
  const clusters = rename(taken.clusters, file.clusters.map((c) => c.name));
  const users = rename(taken.users, file.users.map((u) => u.name));
  const contexts = rename(taken.contexts, file.contexts.map((c) => c.name));
  return {
    ...file,
    clusters: file.clusters.map((c) => ({ ...c, name: clusters.get(c.name) ?? c.name })),
    users: file.users.map((u) => ({ ...u, name: users.get(u.name) ?? u.name })),
    contexts: file.contexts.map((c) => ({ ...c, name: contexts.get(c.name) ?? c.name, cluster: clusters.get(c.cluster) ?? c.cluster, user: users.get(c.user) ?? c.user })),
    currentContext: contexts.get(file.currentContext) ?? file.currentContext,
  };
}

/** A cluster Porthole offers: a kubeconfig cluster entry that at least one context reaches. */
export interface ClusterEntry {
  /** The kubeconfig cluster name: what URLs carry (`?cluster=`). */
  name: string;
  server: string;
  source: ClusterSource;
  /** Contexts naming this cluster, in kubeconfig order. */
  contexts: string[];
  /** The context Porthole acts as by default: the current (or `--context`) one when it names this cluster, else the first. */
  defaultContext: string;
  /** The cluster opened by a URL without `?cluster=`: the one of the current (or `--context`) context. */
  isDefault: boolean;
}

/**
 * The clusters of a merged kubeconfig, in kubeconfig order. `context` (`--context`) overrides the
 * current-context for choosing the default cluster. Throws when that context does not exist or no
 * context reaches any cluster. When neither names a usable context, the first cluster is the default.
 */
export function deriveClusters(merged: MergedKubeconfig, context?: string): ClusterEntry[] {
  const chosen = context || merged.currentContext;
  if (context && !merged.contexts.some((c) => c.name === context)) throw new Error(`context "${context}" not found in the kubeconfig`);
  const chosenContext = merged.contexts.find((c) => c.name === chosen);
  const entries: ClusterEntry[] = [];
  for (const cluster of merged.clusters) {
    const contexts = merged.contexts.filter((c) => c.cluster === cluster.name).map((c) => c.name);
    if (contexts.length === 0) continue;
    const isDefault = chosenContext?.cluster === cluster.name;
    entries.push({
      name: cluster.name,
      server: cluster.server,
      source: merged.clusterSource[cluster.name] ?? 'kubeconfig',
      contexts,
      defaultContext: isDefault ? chosenContext!.name : contexts[0],
      isDefault,
    });
  }
  if (entries.length === 0) {
    throw new Error(chosenContext ? `kubeconfig context "${chosenContext.name}" names no cluster` : 'the kubeconfig has no context that names a cluster');
  }
  if (!entries.some((e) => e.isDefault)) {
    if (context) throw new Error(`kubeconfig context "${context}" names no cluster`);
    entries[0] = { ...entries[0], isDefault: true };
  }
  return entries;
}

/** `KUBECONFIG`-style list: paths separated by the platform's delimiter, empty entries dropped, duplicates once. */
export function kubeconfigPaths(value: string | undefined, delimiter: string): string[] {
  return [...new Set((value ?? '').split(delimiter).filter((p) => p.trim() !== ''))];
}
