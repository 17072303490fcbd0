import 'server-only';
import { Watch, type KubeConfig } from '@kubernetes/client-node';
import { readStatus } from '../k8s/status';
import type { KubeObject, Status } from '../k8s/types';
import type { ListSnapshot, UpstreamState, WatchSpec } from '../live/protocol';
import { backoffDelay, sleep } from './backoff';
import { statusFromError, statusFromUpstream } from './errors';
import { incCounter, METRICS } from './metrics';
import { collectionPath } from './resources';
import { recentlyDown } from './known-down';
import { ListError, listInPages } from './paged-list';
import { probeSilentServer, refuseIfKnownDown, upstreamTimeoutMs, UpstreamUnreachableError, WATCH_SILENCE_PROBE_MS } from './upstream';

/** How often an open watch looks whether its API server has been found down meanwhile. */
const DOWN_CHECK_MS = 1000;

/**
 * When an ended watch counts as progress (the next one starts at once, the backoff is reset): it
 * delivered a change (ADDED/MODIFIED/DELETED; a BOOKMARK alone is not one) and lived
 * WATCH_MIN_LIFETIME_MS, or it lived QUIET_WATCH_LIFETIME_MS (a quiet watch that reached its
 * timeout, or that an idle-closing proxy cut). Any other end is retried with backoff: an API server
 * that closes every watch at once must not get a watch request per round trip.
 */
export const WATCH_MIN_LIFETIME_MS = 5_000;
export const QUIET_WATCH_LIFETIME_MS = 30_000;

export function watchMadeProgress(livedMs: number, changes: number): boolean {
  return livedMs >= (changes > 0 ? WATCH_MIN_LIFETIME_MS : QUIET_WATCH_LIFETIME_MS);
}

/**
 * One resilient upstream watch: list in pages (paged-list.ts; unless resuming from a resourceVersion), watch from the list's
 * resourceVersion with bookmarks and a server-side timeout, relist on 410 Gone and report a resync,
 * re-watch after a normal end, and retry with jittered backoff when the API server cannot be reached.
 * Runs until `signal` aborts.
 */
export interface WatchSink {
  resync(list: ListSnapshot): void;
  change(type: 'ADDED' | 'MODIFIED' | 'DELETED', object: KubeObject): void;
  bookmark(resourceVersion: string): void;
  state(state: UpstreamState, info?: { message?: string; retryInMs?: number }): void;
  failure(status: Status): void;
}

type Outcome = { kind: 'gone'; changes: number } | { kind: 'ended'; changes: number } | { kind: 'error'; status: Status };

function listOnce(kc: KubeConfig, spec: WatchSpec, signal: AbortSignal): Promise<ListSnapshot> {
  return listInPages(kc, { path: collectionPath(spec.resource, spec.namespace), labelSelector: spec.labelSelector, fieldSelector: spec.fieldSelector }, signal);
}

function watchOnce(kc: KubeConfig, spec: WatchSpec, rv: string, sink: WatchSink, onRv: (rv: string) => void, signal: AbortSignal): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    let gone = false;
    let changes = 0;
    let failed: Status | undefined;
    let settled = false;
    let controller: AbortController | undefined;
    const onAbort = () => controller?.abort();
    // Watch has no first-byte timeout: an API server that accepts and never answers would hold it forever.
    const timeoutMs = upstreamTimeoutMs();
    const noAnswer = setTimeout(() => finish({ kind: 'error', status: statusFromError(new Error(`no response within ${timeoutMs / 1000}s (raise it with --upstream-timeout)`)) }), timeoutMs);
    // A server that stops answering keeps an open watch silent, not closed: when a probe finds it
    // down (known-down.ts), end the watch so the tabs say so instead of "Live".
    const server = kc.getCurrentCluster()?.server ?? '';
    const openedAt = Date.now();
    /** When the API server last said anything on this watch (an event, a bookmark, the answer's head). */
    let heardAt = openedAt;
    const downCheck = setInterval(() => {
      if (controller && Date.now() - heardAt >= WATCH_SILENCE_PROBE_MS) {
        heardAt = Date.now();
        probeSilentServer(kc);
      }
      const down = recentlyDown(server);
      if (!down || down.at <= openedAt) return;
      finish({ kind: 'error', status: statusFromError(new UpstreamUnreachableError(server, new Error(`it stopped answering: ${down.reason}`))) });
      controller?.abort();
    }, DOWN_CHECK_MS);
    downCheck.unref?.();
    const finish = (outcome: Outcome) => {
      clearTimeout(noAnswer);
      clearInterval(downCheck);
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    try {
      refuseIfKnownDown(kc);
    } catch (err) {
      return finish({ kind: 'error', status: statusFromError(err) });
    }
    const path = collectionPath(spec.resource, spec.namespace);
    const query = {
      resourceVersion: rv,
      allowWatchBookmarks: true,
      // client-node 1.4 lost its default: without this a watch could hang forever on a dead connection.
      timeoutSeconds: 240 + Math.floor(Math.random() * 120),
      labelSelector: spec.labelSelector,
      fieldSelector: spec.fieldSelector,
    };
    const onEvent = (type: string, object: unknown) => {
      heardAt = Date.now();
      if (type === 'ERROR') {
        const status = readStatus(object) ?? statusFromError(object);
        if (status.code === 410) gone = true;
        else failed = status;
        controller?.abort();
        return;
      }
      const obj = object as KubeObject;
      const objRv = obj?.metadata?.resourceVersion;
      if (objRv) onRv(objRv);
      if (type === 'BOOKMARK') {
        if (objRv) sink.bookmark(objRv);
      } else if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED') {
        changes++;
        sink.change(type, obj);
      }
    };
    const onDone = (err: unknown) => {
      if (gone) return finish({ kind: 'gone', changes });
      if (failed) return finish({ kind: 'error', status: failed });
      if (err && !signal.aborted) {
        const code = (err as { statusCode?: unknown }).statusCode;
        if (code === 410) return finish({ kind: 'gone', changes });
        const status = typeof code === 'number' ? statusFromUpstream(code, (err as Error).message) : statusFromError(err);
        return finish({ kind: 'error', status });
      }
      finish({ kind: 'ended', changes });
    };
    new Watch(kc)
      .watch(path, query, onEvent, onDone)
      .then((c) => {
        clearTimeout(noAnswer);
        heardAt = Date.now();
        controller = c;
        if (settled || signal.aborted) c.abort();
        else signal.addEventListener('abort', onAbort, { once: true });
        if (!settled) sink.state('live');
      })
      .catch((err: unknown) => finish({ kind: 'error', status: statusFromError(err) }));
  });
}

export async function runUpstreamWatch(kc: KubeConfig, spec: WatchSpec, startRv: string | undefined, sink: WatchSink, signal: AbortSignal): Promise<void> {
  let rv = startRv;
  /** Failures and ends without progress in a row: the backoff's exponent. */
  let attempt = 0;
  /** 410s in a row on watches that made no progress (one is normal after an outage: relist at once). */
  let quickGone = 0;
  let reported: UpstreamState | undefined;
  const setState = (state: UpstreamState, info?: { message?: string; retryInMs?: number }) => {
    if (state === reported && state === 'live') return;
    reported = state;
    sink.state(state, info);
  };
  const stateSink: WatchSink = { ...sink, state: setState };

  while (!signal.aborted) {
    let failure: Status | undefined;
    try {
      if (!rv) {
        const list = await listOnce(kc, spec, signal);
        if (signal.aborted) return;
        rv = list.resourceVersion;
        sink.resync(list);
      }
      const started = Date.now();
      const outcome = await watchOnce(kc, spec, rv, stateSink, (next) => (rv = next), signal);
      if (signal.aborted) return;
      const progressed = outcome.kind !== 'error' && watchMadeProgress(Date.now() - started, outcome.changes);
      if (progressed) {
        attempt = 0;
        quickGone = 0;
      }
      if (outcome.kind === 'gone') {
        rv = undefined; // 410: our resourceVersion left the server's history; relist.
        incCounter(METRICS.watchRestarts, { reason: 'gone' });
        // A server that answers every watch with 410 would get a list + watch per round trip: back off quietly.
        if (!progressed && quickGone++ > 0) await sleep(backoffDelay(quickGone - 2), signal);
        continue;
      }
      if (outcome.kind === 'ended') {
        // A normal end (timeoutSeconds elapsed, or events and time enough) resumes at once.
        if (progressed) {
          incCounter(METRICS.watchRestarts, { reason: 'ended' });
          continue;
        }
        failure = statusFromError(new Error('the watch ended without progress'));
      } else {
        failure = outcome.status;
      }
    } catch (err) {
      if (signal.aborted) return;
      failure = err instanceof ListError ? err.status : statusFromError(err);
    }
    // 401/403/404 will not heal by retrying quickly: tell the browser, then retry slowly.
    const permanent = failure.code === 401 || failure.code === 403 || failure.code === 404;
    if (permanent) sink.failure(failure);
    const delay = permanent ? backoffDelay(6) : backoffDelay(attempt);
    attempt++;
    // A refusal is not an outage: the failure event says what happened; the connection is not stale.
    if (!permanent) setState('stale', { message: failure.message, retryInMs: delay });
    await sleep(delay, signal);
    if (signal.aborted) return;
    if (!permanent) setState('reconnecting', { message: failure.message });
    incCounter(METRICS.watchRestarts, { reason: 'error' });
  }
}
