import 'server-only';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { clusterConfigs, type ClusterConfig } from '../kubeconfig';
import { sleep } from '../backoff';
import { portholeNamespace } from '../porthole-namespace';
import { runUpstreamWatch, type WatchSink } from '../upstream-watch';
import { LeaderLease, RETRY_MS } from './leader-lease';
import { ServiceRecorder } from './service-recorder';
import { historyStore } from './shared-store';
import type { HistoryStore } from './store';

/**
 * The Service history recorder, started with the server (instrumentation.ts) when a history dir is
 * set: for every cluster Porthole knows, one candidate for that cluster's Lease
 * (`porthole-history-recorder` in Porthole's namespace); the replica holding it watches every
 * Service of the cluster with the server's own credentials (the same resilient upstream watch the
 * shared informers use: list, watch with bookmarks, relist after a 410) and stores each version.
 * A cluster that serves no Leases, or refuses them, is recorded without an election (the log says so).
 */
export const LEASE_NAME = 'porthole-history-recorder';
const PRUNE_EVERY_MS = 60_000;

function log(message: string, err?: unknown): void {
  console.warn(`[porthole] history: ${message}${err ? `: ${(err as Error).message ?? String(err)}` : ''}`);
}

function record(store: HistoryStore, cluster: ClusterConfig, signal: AbortSignal): void {
  const recorder = new ServiceRecorder(store, cluster.clusterName);
  const guarded =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      try {
        fn(...a);
        if (store.overSize()) store.prune(Date.now());
      } catch (err) {
        log(`recording ${cluster.clusterName} failed`, err);
      }
    };
  const sink: WatchSink = {
    resync: guarded((list) => store.batch(() => recorder.resync(list.items))),
    change: guarded((type, object) => recorder.change(type, object)),
    bookmark: () => undefined,
    state: () => undefined,
    failure: (status) => log(`cannot watch Services of ${cluster.clusterName} (${status.code}): ${status.message}`),
  };
  runUpstreamWatch(cluster.kubeConfig, { resource: 'services' }, undefined, sink, signal).catch((err: unknown) => log('the watch ended', err));
}

async function leadAndRecord(store: HistoryStore, cluster: ClusterConfig, identity: string, signal: AbortSignal): Promise<void> {
  const namespace = store.config.leaseNamespace ?? portholeNamespace(cluster.kubeConfig);
  const lease = new LeaderLease(cluster.kubeConfig, namespace, LEASE_NAME, identity);
  let recording: AbortController | undefined;
  let warned = false;
  while (!signal.aborted) {
    let answer = await lease.tryAcquireOrRenew(signal).catch(() => lease.stillLeading());
    if (answer === 'unavailable') {
      if (!warned) log(`no Lease ${namespace}/${LEASE_NAME} on ${cluster.clusterName} (not served or not allowed): recording without leader election`);
      warned = true;
      answer = 'leading';
    }
    if (answer === 'leading' && !recording) {
      recording = new AbortController();
      record(store, cluster, recording.signal);
    } else if (answer !== 'leading' && recording) {
      recording.abort();
      recording = undefined;
    }
    await sleep(RETRY_MS, signal).catch(() => undefined);
  }
  recording?.abort();
}

/** Starts recording every cluster (until `signal` aborts); nothing without a history dir. */
export function startHistoryRecording(signal: AbortSignal): void {
  let store: HistoryStore | undefined;
  let clusters: ClusterConfig[];
  try {
    store = historyStore();
    if (!store) return;
    // The clusters known at start (a kubeconfig changed later is picked up at the next start).
    clusters = clusterConfigs();
  } catch (err) {
    // Porthole serves without history rather than not at all; the history routes say it is off.
    log('not recording', err);
    return;
  }
  const identity = `${hostname()}_${process.pid}_${randomBytes(4).toString('hex')}`;
  for (const cluster of clusters) void leadAndRecord(store, cluster, identity, signal);
  const prune = () => {
    try {
      store?.prune(Date.now());
    } catch (err) {
      log('pruning failed', err);
    }
  };
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref?.();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
