/**
 * The browser side of live updates: ONE EventSource per tab to `/api/watch`, carrying every watch the
 * mounted components subscribed to. Events go into the TanStack Query cache (no second store),
 * batched per animation frame (lib/live/frame-batcher.ts: one cache write per list per frame). The
 * manager reconnects with jittered backoff (resuming each watch from the last resourceVersion it saw)
 * and publishes a connection state for the indicator.
 */
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { applyListEvents, type ListEvent } from '../live/apply-events';
import { browserFrameScheduler, FrameBatcher, type FrameScheduler } from '../live/frame-batcher';
import { encodeWatchParam, watchId, type ListSnapshot, type StreamEvents, type UpstreamState, type WatchSpec } from '../live/protocol';
import type { Status } from '../k8s/types';
import { apiPaths, apiUrl } from './api-paths';
import { announceUnauthorized } from './fetch-json';
import { queryKeys } from './query-keys';

export type ConnectionState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'stale';

export interface ConnectionSnapshot {
  state: ConnectionState;
  /** ms epoch of the last event received (any watch), or undefined before the first. */
  lastEventAt?: number;
  /** ms epoch since which the state is not live (for "stale for 12 s"). */
  degradedSince?: number;
  /** Why it is not live, in words (e.g. the API server is unreachable). */
  message?: string;
  /** A watch refused for good (e.g. 403): its Status, by watch id. */
  failures: Record<string, Status>;
}

interface Subscription {
  spec: WatchSpec;
  refs: number;
  resourceVersion?: string;
  upstream?: UpstreamState;
  message?: string;
}

const RESUBSCRIBE_DEBOUNCE_MS = 30;
const UNSUBSCRIBE_GRACE_MS = 1500;

export function jitteredBackoff(attempt: number, baseMs = 500, capMs = 10_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(baseMs / 2 + Math.random() * (ceiling - baseMs / 2));
}

export class LiveConnection {
  private subs = new Map<string, Subscription>();
  private source: EventSource | undefined;
  private sourceOpen = false;
  private connectedIds = '';
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
  private batcher: FrameBatcher<ListEvent>;
  private listeners = new Set<() => void>();
  private snapshot: ConnectionSnapshot = { state: 'idle', failures: {} };
  private dropped = false;
  private degradedSince: number | undefined;
  private lastEventAt: number | undefined;
  private failures: Record<string, Status> = {};
  private disposed = false;

  constructor(
    private readonly queryClient: QueryClient,
    scheduler: FrameScheduler = browserFrameScheduler(),
  ) {
    this.batcher = new FrameBatcher<ListEvent>({
      scheduler,
      isReset: (event) => event.type === 'resync',
      apply: (id, events) => this.write(id, events),
      around: (flush) => notifyManager.batch(flush),
    });
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** A tab shown again paints what arrived while it was hidden at once. */
  private onVisibility = (): void => {
    if (document.visibilityState === 'visible') this.batcher.flush();
  };

  // ---- subscriptions -------------------------------------------------------------------------

  /** Watch `spec` while the returned function has not been called. Starts from the cached list's resourceVersion. */
  subscribe(spec: WatchSpec): () => void {
    const id = watchId(spec);
    const existing = this.subs.get(id);
    if (existing) existing.refs++;
    else {
      const cached = this.queryClient.getQueryData<ListSnapshot>(queryKeys.list(spec));
      this.subs.set(id, { spec, refs: 1, resourceVersion: cached?.resourceVersion || undefined });
      this.scheduleResubscribe(RESUBSCRIBE_DEBOUNCE_MS);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const sub = this.subs.get(id);
      if (!sub) return;
      sub.refs--;
      if (sub.refs <= 0) {
        // Keep the watch a moment: a page switching views often re-subscribes at once.
        setTimeout(() => {
          const again = this.subs.get(id);
          if (again && again.refs <= 0) {
            this.subs.delete(id);
            this.batcher.drop(id);
            delete this.failures[id];
            this.scheduleResubscribe(0);
          }
        }, UNSUBSCRIBE_GRACE_MS);
      }
    };
  }

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  onChange = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    this.disposed = true;
    this.closeSource();
    this.batcher.dispose();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisibility);
    for (const t of [this.retryTimer, this.resubscribeTimer]) if (t) clearTimeout(t);
  }

  // ---- the EventSource ----------------------------------------------------------------------

  private scheduleResubscribe(delay: number): void {
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = undefined;
      const ids = [...this.subs.keys()].sort().join('\n');
      if (ids === this.connectedIds && this.source) return;
      if (this.retryTimer) return; // a reconnect is already scheduled and will pick the new set up
      this.connect();
    }, delay);
  }

  private closeSource(): void {
    if (this.source) {
      this.source.close();
      this.source = undefined;
    }
    this.sourceOpen = false;
  }

  private connect(): void {
    if (this.disposed) return;
    // What the old stream delivered is already counted in each watch's resourceVersion: apply it first.
    this.batcher.flush();
    this.closeSource();
    this.connectedIds = [...this.subs.keys()].sort().join('\n');
    if (this.subs.size === 0) {
      this.publish();
      return;
    }
    const params = new URLSearchParams();
    for (const [id, sub] of this.subs) {
      params.append('watch', encodeWatchParam(id, sub.resourceVersion));
      sub.upstream = undefined;
    }
    const source = new EventSource(apiUrl(`${apiPaths.watch()}?${params.toString()}`));
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      this.sourceOpen = true;
      this.publish();
    };
    source.onerror = () => {
      if (this.source !== source) return;
      // Never let EventSource retry by itself: it would resume from stale resourceVersions.
      this.closeSource();
      this.dropped = true;
      this.message = "Lost the connection to Porthole's server";
      const delay = jitteredBackoff(this.attempt++);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        this.connect();
      }, delay);
      this.publish();
    };
    const on = <K extends keyof StreamEvents>(name: K, handle: (data: StreamEvents[K]) => void) =>
      source.addEventListener(name, (e) => {
        if (this.source !== source) return;
        // "Time since the last event" counts cluster data only, not the stream's own state reports.
        if (name === 'resync' || name === 'change' || name === 'bookmark') this.lastEventAt = Date.now();
        handle(JSON.parse((e as MessageEvent<string>).data) as StreamEvents[K]);
      });
    on('resync', (d) => this.enqueue(d.id, { type: 'resync', list: d.list }));
    on('change', (d) => this.enqueue(d.id, { type: d.type, object: d.object }));
    on('bookmark', (d) => this.enqueue(d.id, { type: 'bookmark', resourceVersion: d.resourceVersion }));
    on('state', (d) => {
      const sub = this.subs.get(d.id);
      if (!sub) return;
      sub.upstream = d.state;
      sub.message = d.message;
      if (d.state === 'live') {
        delete this.failures[d.id];
        this.attempt = 0;
      }
      this.publish();
    });
    on('failure', (d) => {
      if (d.status.code === 401) announceUnauthorized();
      this.failures[d.id] = d.status;
      this.publish();
    });
    this.publish();
  }

  private message: string | undefined;

  // ---- cache writes --------------------------------------------------------------------------

  private enqueue(id: string, event: ListEvent): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    if (event.type === 'resync') sub.resourceVersion = event.list.resourceVersion;
    else if (event.type === 'bookmark') sub.resourceVersion = event.resourceVersion;
    else if (event.object.metadata.resourceVersion) sub.resourceVersion = event.object.metadata.resourceVersion;
    this.batcher.push(id, event);
  }

  /** One cache write per list per flush: every queued event applied in order, the list copied once. */
  private write(id: string, events: ListEvent[]): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    this.queryClient.setQueryData<ListSnapshot>(queryKeys.list(sub.spec), (prev) => applyListEvents(prev, events));
  }

  // ---- state ---------------------------------------------------------------------------------

  private computeState(): { state: ConnectionState; message?: string } {
    if (this.subs.size === 0) return { state: this.dropped ? 'stale' : 'idle' };
    if (!this.source) return { state: 'stale', message: this.message };
    if (!this.sourceOpen) return { state: this.dropped ? 'reconnecting' : 'connecting', message: this.dropped ? this.message : undefined };
    // A watch refused for good (403 ...) is reported through `failures`, not as a connection problem.
    const subs = [...this.subs.entries()].filter(([id]) => !this.failures[id]).map(([, s]) => s);
    const stale = subs.find((s) => s.upstream === 'stale');
    if (stale) return { state: 'stale', message: stale.message };
    const retrying = subs.find((s) => s.upstream === 'reconnecting');
    if (retrying) return { state: 'reconnecting', message: retrying.message };
    if (subs.some((s) => s.upstream === undefined)) return { state: this.dropped ? 'reconnecting' : 'connecting' };
    return { state: 'live' };
  }

  private publish(): void {
    const { state, message } = this.computeState();
    if (state === 'live') {
      this.dropped = false;
      this.degradedSince = undefined;
    } else if ((state === 'stale' || state === 'reconnecting') && this.degradedSince === undefined) {
      this.degradedSince = Date.now();
    }
    if (state === 'stale' || state === 'reconnecting') this.dropped = true;
    const failures = { ...this.failures };
    const prev = this.snapshot;
    if (
      prev.state === state &&
      prev.message === message &&
      prev.degradedSince === this.degradedSince &&
      JSON.stringify(prev.failures) === JSON.stringify(failures)
    ) {
      return;
    }
    this.snapshot = { state, message, lastEventAt: this.lastEventAt, degradedSince: this.degradedSince, failures };
    for (const l of this.listeners) l();
  }
}
