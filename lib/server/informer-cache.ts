import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject, Service, Status } from '../k8s/types';
import { objectKey } from '../live/apply-events';
import { watchId, type ListSnapshot, type StreamEvents, type WatchSpec, type WatchView } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { sseBytes } from './sse';
import { runUpstreamWatch, type WatchSink } from './upstream-watch';

/**
 * One shared informer: ONE upstream list + watch of a resource in one scope (namespace or all, plus
 * selectors) for one identity, kept as a cache of whole objects, fanned out to every subscribed tab.
 *
 * The upstream side is runUpstreamWatch: list, watch from the list's resourceVersion with bookmarks,
 * relist on 410 Gone (every subscriber then gets a `resync`), any other watch ERROR → reconnect with
 * jittered backoff, a refusal (401/403/404) → a `failure` event. The cache applies each event, keeps a
 * bounded history of recent events, and sends each event to subscribers already encoded — once per
 * view (whole objects, or the Service list's 'rows' projection), not once per tab.
 *
 * A subscriber that joins late starts from the cache: nothing when it resumes at the cache's
 * resourceVersion, the events since its resourceVersion when the history still holds it, else a
 * `resync` built from the cache. No request reaches the API server for it.
 */
export type Deliver = (bytes: Uint8Array) => void;

interface Subscriber {
  view: WatchView | undefined;
  deliver: Deliver;
  /**
   * Joined while the cache was not live (first list pending, or the API server unreachable): it gets
   * its starting state when the upstream is live again, not last-known data from the cache.
   */
  waiting?: { resumeRv: string | undefined };
}

type Recorded = { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject; rv: string } | { type: 'BOOKMARK'; rv: string };

/** Recent events kept for tabs that resume (a reconnecting EventSource) — bounded. */
const HISTORY_MAX = 1000;

const project = (view: WatchView | undefined, o: KubeObject): KubeObject => (view === 'rows' ? projectService(o as Service) : o);

export class InformerCache {
  private readonly objects = new Map<string, KubeObject>();
  private rv = '';
  private synced = false;
  /** resourceVersion the history starts after (the last list's). */
  private historyBase = '';
  private history: Recorded[] = [];
  private state: StreamEvents['state'] | undefined;
  private failure: Status | undefined;
  private readonly subscribers = new Set<Subscriber>();
  private readonly abort = new AbortController();
  /** Encoded resyncs of the current contents per view: a burst of joining tabs encodes it once. */
  private encodedResync = new Map<string, Uint8Array>();
  /** The contents per view, built when asked and kept until they change. */
  private snapshots = new Map<string, ListSnapshot>();

  constructor(
    private readonly spec: WatchSpec,
    kc: KubeConfig,
    seed: ListSnapshot | undefined,
    private readonly onError: (err: unknown) => void,
  ) {
    if (seed) this.load(seed);
    const sink: WatchSink = {
      resync: (list) => {
        this.load(list);
        // A tab that joined before the first list and already holds exactly this one (the tab just
        // listed it at the same resourceVersion) needs nothing: 10,000 EndpointSlices are 13 MB.
        const current = (sub: Subscriber) => sub.waiting !== undefined && sub.waiting.resumeRv === list.resourceVersion;
        this.broadcast((view) => this.resyncText(view), false, current);
        for (const sub of this.subscribers) sub.waiting = undefined;
      },
      change: (type, object) => {
        const key = objectKey(object);
        if (type === 'DELETED') this.objects.delete(key);
        else this.objects.set(key, object);
        const rv = object.metadata.resourceVersion ?? this.rv;
        this.advance({ type, object, rv });
        this.broadcast((view) => sseBytes('change', { id: this.idFor(view), type, object: project(view, object) }), true);
      },
      bookmark: (rv) => {
        this.advance({ type: 'BOOKMARK', rv });
        this.broadcast((view) => sseBytes('bookmark', { id: this.idFor(view), resourceVersion: rv }), true);
      },
      state: (state, info) => {
        if (state === 'live') this.failure = undefined;
        this.state = { id: '', state, ...info, since: Date.now() };
        if (state === 'live' && this.synced) this.releaseWaiting();
        this.broadcast((view) => this.stateText(view));
      },
      failure: (status) => {
        this.failure = status;
        this.broadcast((view) => sseBytes('failure', { id: this.idFor(view), status }));
      },
    };
    runUpstreamWatch(kc, { ...spec, view: undefined }, seed?.resourceVersion, sink, this.abort.signal).catch(onError);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** The current contents for `view` when the upstream watch is live (what a list would answer now). */
  /** Loaded from a list, its watch not yet reporting (neither live nor failed): it will answer in a moment. */
  get starting(): boolean {
    return this.synced && this.state === undefined;
  }

  liveSnapshot(view: WatchView | undefined): ListSnapshot | undefined {
    if (!this.synced || this.state?.state !== 'live') return undefined;
    return this.snapshot(view);
  }

  /** Adds a tab's watch; returns its removal. `resumeRv`: the resourceVersion the tab already holds. */
  subscribe(view: WatchView | undefined, resumeRv: string | undefined, deliver: Deliver): () => void {
    const sub: Subscriber = { view, deliver };
    if (this.synced && this.state?.state === 'live') this.catchUp(sub, resumeRv);
    else sub.waiting = { resumeRv };
    if (this.state) deliver(this.stateText(view));
    if (this.failure) deliver(sseBytes('failure', { id: this.idFor(view), status: this.failure }));
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  stop(): void {
    this.abort.abort();
    this.subscribers.clear();
  }

  private idFor(view: WatchView | undefined): string {
    return watchId({ ...this.spec, view });
  }

  private load(list: ListSnapshot): void {
    this.objects.clear();
    for (const o of list.items) this.objects.set(objectKey(o), o);
    this.rv = list.resourceVersion;
    this.historyBase = list.resourceVersion;
    this.history = [];
    this.synced = true;
    this.forgetSnapshots();
  }

  private advance(event: Recorded): void {
    this.rv = event.rv;
    this.history.push(event);
    if (this.history.length > HISTORY_MAX) {
      const cut = this.history.length - HISTORY_MAX;
      this.historyBase = this.history[cut - 1].rv;
      this.history = this.history.slice(cut);
    }
    if (event.type !== 'BOOKMARK') this.forgetSnapshots();
  }

  private forgetSnapshots(): void {
    this.encodedResync.clear();
    this.snapshots.clear();
  }

  private snapshot(view: WatchView | undefined): ListSnapshot {
    const key = view ?? '';
    let snapshot = this.snapshots.get(key);
    if (!snapshot) {
      const items: KubeObject[] = [];
      for (const o of this.objects.values()) items.push(project(view, o));
      snapshot = { resourceVersion: this.rv, items };
      this.snapshots.set(key, snapshot);
    }
    // A bookmark moves the resourceVersion without changing the items.
    return snapshot.resourceVersion === this.rv ? snapshot : { resourceVersion: this.rv, items: snapshot.items };
  }

  private resyncText(view: WatchView | undefined): Uint8Array {
    const key = view ?? '';
    let text = this.encodedResync.get(key);
    if (text === undefined) {
      text = sseBytes('resync', { id: this.idFor(view), list: this.snapshot(view) });
      this.encodedResync.set(key, text);
    }
    return text;
  }

  private stateText(view: WatchView | undefined): Uint8Array {
    return sseBytes('state', { ...this.state, id: this.idFor(view) });
  }

  private catchUp(sub: Subscriber, resumeRv: string | undefined): void {
    if (resumeRv && resumeRv === this.rv) return;
    let from = -1;
    if (resumeRv && resumeRv === this.historyBase) from = 0;
    else if (resumeRv) {
      const at = this.history.findIndex((e) => e.rv === resumeRv);
      if (at >= 0) from = at + 1;
    }
    if (from < 0) {
      sub.deliver(this.resyncText(sub.view));
      return;
    }
    for (const e of this.history.slice(from)) {
      if (e.type === 'BOOKMARK') sub.deliver(sseBytes('bookmark', { id: this.idFor(sub.view), resourceVersion: e.rv }));
      else sub.deliver(sseBytes('change', { id: this.idFor(sub.view), type: e.type, object: project(sub.view, e.object) }));
    }
  }

  private releaseWaiting(): void {
    for (const sub of this.subscribers) {
      if (!sub.waiting) continue;
      const { resumeRv } = sub.waiting;
      sub.waiting = undefined;
      this.catchUp(sub, resumeRv);
    }
  }

  /** Sends one event to every subscriber (`skipWaiting`: only those already started; `skip`: not those), encoding it once per view in use. */
  private broadcast(encode: (view: WatchView | undefined) => Uint8Array, skipWaiting = false, skip?: (sub: Subscriber) => boolean): void {
    if (this.subscribers.size === 0) return;
    const texts = new Map<string, Uint8Array>();
    for (const sub of [...this.subscribers]) {
      if ((skipWaiting && sub.waiting) || skip?.(sub)) continue;
      const key = sub.view ?? '';
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = encode(sub.view)));
      try {
        sub.deliver(text);
      } catch (err) {
        this.subscribers.delete(sub);
        this.onError(err);
      }
    }
  }
}
