import 'server-only';
import { clusterConfigs, type ClusterConfig, type ClusterSource } from './kubeconfig';
import { withoutPaths } from './safe-message';
import { readText, upstream, UpstreamUnreachableError } from './upstream';

/**
 * Which of Porthole's clusters answer (`/api/clusters`, the cluster picker). Each cluster is asked
 * `GET /version` with its own default credentials, all in parallel, each with a short timeout, and the
 * answer is kept a few seconds: a page of one cluster never waits on another cluster's probe (pages do
 * not ask this at all; the picker does, in the background).
 */
export type Reachability = { state: 'reachable'; checkedAt: number } | { state: 'unreachable'; reason: string; checkedAt: number };

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

/** Per-cluster probe timeout (PORTHOLE_CLUSTER_PROBE_TIMEOUT_MS, default 2 s). */
export function probeTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.PORTHOLE_CLUSTER_PROBE_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 2000;
}

const CACHE_MS = 5000;
const probes = new Map<string, { at: number; result: Promise<Reachability> }>();

async function probe(cluster: ClusterConfig): Promise<Reachability> {
  const timeout = probeTimeoutMs();
  const checkedAt = Date.now();
  try {
    const res = await upstream(cluster.kubeConfig, { method: 'GET', path: '/version', signal: AbortSignal.timeout(timeout) });
    await readText(res.body);
    if (res.status >= 200 && res.status < 300) return { state: 'reachable', checkedAt };
    return { state: 'unreachable', reason: `the API server answered GET /version with ${res.status}`, checkedAt };
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'AbortError' || name === 'TimeoutError') return { state: 'unreachable', reason: `no answer within ${timeout / 1000} s`, checkedAt };
    const reason = err instanceof UpstreamUnreachableError ? err.message : withoutPaths(err instanceof Error ? err.message : String(err));
    return { state: 'unreachable', reason, checkedAt };
  }
}

/** The cluster's reachability: the cached answer when it is at most a few seconds old, else a new probe (shared by concurrent callers). */
export function reachability(cluster: ClusterConfig): Promise<Reachability> {
  const key = `${cluster.clusterName}\n${cluster.server}`;
  const hit = probes.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.result;
  const result = probe(cluster);
  probes.set(key, { at: Date.now(), result });
  return result;
}

function hostOf(server: string): string {
  try {
    return new URL(server).host;
  } catch {
    return server;
  }
}

/** Every cluster with its reachability, probed in parallel (each bounded by its timeout). */
export async function clusterSummaries(): Promise<ClusterSummary[]> {
  const clusters = clusterConfigs();
  const states = await Promise.all(clusters.map(reachability));
  return clusters.map((c, i) => ({ name: c.clusterName, server: hostOf(c.server), source: c.source, default: c.isDefault, reachability: states[i] }));
}
