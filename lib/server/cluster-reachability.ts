import 'server-only';
import { clusterConfigs, type ClusterConfig } from './kubeconfig';
import { withoutPaths } from './safe-message';
import { readText, upstream, UpstreamUnreachableError } from './upstream';
import { settledWithin } from './settled-within';

/**
 * Which of Porthole's clusters answer (`/api/clusters`, the cluster picker). Each cluster is asked
 * `GET /version` with its own default credentials, all in parallel, each with a short timeout, and the
 * answer is kept a few seconds: a page of one cluster never waits on another cluster's probe (pages do
 * not ask this at all; the picker does, in the background).
 */

export type { ClusterSummary, Reachability } from '../contract/cluster-info';
import type { ClusterSummary, Reachability } from '../contract/cluster-info';

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
  // Not aborted at the probe timeout: the request runs on to the upstream timeout, so a cluster that
  // is merely slow answers it, and one that never answers is then marked down for every request
  // (upstream.ts answers those at once, known-down.ts). The picker has its answer at the probe timeout.
  const answer = upstream(cluster.kubeConfig, { method: 'GET', path: '/version', probe: true }).then(async (res) => {
    await readText(res.body);
    return res.status;
  });
  try {
    const early = await settledWithin(answer, timeout);
    if (!early) {
      answer.catch(() => undefined);
      return { state: 'unreachable', reason: `no answer within ${timeout / 1000} s`, checkedAt };
    }
    const status = early.value;
    if (status >= 200 && status < 300) return { state: 'reachable', checkedAt };
    return { state: 'unreachable', reason: `the API server answered GET /version with ${status}`, checkedAt };
  } catch (err) {
    // The why alone ("connect ECONNREFUSED 10.0.0.1:6443"): the picker already says "unreachable".
    const reason = err instanceof UpstreamUnreachableError ? err.reason : withoutPaths(err instanceof Error ? err.message : String(err));
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
