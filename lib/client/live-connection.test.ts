import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../k8s/types';
import type { FrameScheduler } from '../live/frame-batcher';
import type { ListSnapshot } from '../live/protocol';
import { LiveConnection } from './live-connection';
import { queryKeys } from './query-keys';

/** A stand-in for the browser's EventSource: records URLs, lets the test push events and errors. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? []) fn({ data: JSON.stringify(data) });
  }
  watches(): string[] {
    return new URL(this.url, 'http://x').searchParams.getAll('watch');
  }
  static last(): FakeEventSource {
    return FakeEventSource.all[FakeEventSource.all.length - 1];
  }
}

/** Frames every 16 ms on the (fake) timers, as a visible browser tab would run them. */
const timerFrames: FrameScheduler = {
  requestFrame: (callback) => setTimeout(callback, 16),
  cancelFrame: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  hidden: () => false,
};

const svc = (name: string, rv: string): KubeObject => ({ metadata: { name, namespace: 'demo', resourceVersion: rv } });
const spec = { resource: 'services' as const, namespace: 'demo' };
const ID = 'services:demo';

describe('LiveConnection', () => {
  let qc: QueryClient;
  let live: LiveConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    qc = new QueryClient();
    qc.setQueryData<ListSnapshot>(queryKeys.list(spec), { resourceVersion: '10', items: [svc('a', '5')] });
    live = new LiveConnection(qc, timerFrames);
  });

  afterEach(() => {
    live.dispose();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const data = () => qc.getQueryData<ListSnapshot>(queryKeys.list(spec))!;

  it('opens ONE stream for all subscriptions, resuming from the cached resourceVersion', async () => {
    live.subscribe(spec);
    live.subscribe({ resource: 'endpointslices' });
    live.subscribe(spec); // same watch twice: still one
    await vi.advanceTimersByTimeAsync(50);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.last().watches().sort()).toEqual(['endpointslices:all', `${ID}@10`]);
  });

  it('writes changes into the query cache in batches and reports live', async () => {
    live.subscribe(spec);
    await vi.advanceTimersByTimeAsync(50);
    const es = FakeEventSource.last();
    es.onopen?.();
    es.emit('state', { id: ID, state: 'live' });
    expect(live.getSnapshot().state).toBe('live');
    es.emit('change', { id: ID, type: 'ADDED', object: svc('b', '11') });
    es.emit('change', { id: ID, type: 'MODIFIED', object: svc('a', '12') });
    expect(data().items).toHaveLength(1); // not yet flushed
    await vi.advanceTimersByTimeAsync(50);
    expect(data().items.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`)).toEqual(['a@12', 'b@11']);
    es.emit('change', { id: ID, type: 'DELETED', object: svc('b', '13') });
    es.emit('bookmark', { id: ID, resourceVersion: '20' });
    await vi.advanceTimersByTimeAsync(50);
    expect(data()).toMatchObject({ resourceVersion: '20', items: [{ metadata: { name: 'a' } }] });
  });

  it('writes a frame’s events into the cache with ONE write per list', async () => {
    live.subscribe(spec);
    await vi.advanceTimersByTimeAsync(50);
    const es = FakeEventSource.last();
    const writes: string[] = [];
    qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'success') writes.push(JSON.stringify(e.query.queryKey));
    });
    for (let i = 0; i < 5; i++) es.emit('change', { id: ID, type: 'ADDED', object: svc(`n${i}`, String(20 + i)) });
    es.emit('change', { id: ID, type: 'DELETED', object: svc('n2', '30') });
    await vi.advanceTimersByTimeAsync(16);
    expect(writes).toHaveLength(1);
    expect(data().items.map((o) => o.metadata.name)).toEqual(['a', 'n0', 'n1', 'n3', 'n4']);
    expect(data().resourceVersion).toBe('30');
  });

  it('replaces the list on resync (after a 410 upstream)', async () => {
    live.subscribe(spec);
    await vi.advanceTimersByTimeAsync(50);
    FakeEventSource.last().emit('resync', { id: ID, list: { resourceVersion: '99', items: [svc('z', '98')] } });
    await vi.advanceTimersByTimeAsync(50);
    expect(data()).toEqual({ resourceVersion: '99', items: [svc('z', '98')] });
  });

  it('shows stale → reconnecting → live when the API server goes away and comes back', async () => {
    live.subscribe(spec);
    await vi.advanceTimersByTimeAsync(50);
    const es = FakeEventSource.last();
    es.onopen?.();
    es.emit('state', { id: ID, state: 'live' });
    es.emit('state', { id: ID, state: 'stale', message: 'the Kubernetes API server is unreachable', retryInMs: 1000 });
    const stale = live.getSnapshot();
    expect(stale.state).toBe('stale');
    expect(stale.message).toContain('unreachable');
    expect(stale.degradedSince).toBeDefined();
    es.emit('state', { id: ID, state: 'reconnecting' });
    expect(live.getSnapshot().state).toBe('reconnecting');
    es.emit('state', { id: ID, state: 'live' });
    expect(live.getSnapshot()).toMatchObject({ state: 'live', degradedSince: undefined });
  });

  it('reconnects by itself with backoff after the stream drops, from the last resourceVersion it saw', async () => {
    live.subscribe(spec);
    await vi.advanceTimersByTimeAsync(50);
    const first = FakeEventSource.last();
    first.onopen?.();
    first.emit('change', { id: ID, type: 'ADDED', object: svc('c', '15') });
    first.onerror?.();
    expect(first.closed).toBe(true);
    expect(live.getSnapshot().state).toBe('stale');
    await vi.advanceTimersByTimeAsync(10_000);
    const second = FakeEventSource.last();
    expect(second).not.toBe(first);
    expect(second.watches()).toEqual([`${ID}@15`]);
    expect(live.getSnapshot().state).toBe('reconnecting');
    second.onopen?.();
    second.emit('state', { id: ID, state: 'live' });
    expect(live.getSnapshot().state).toBe('live');
    // Events of the closed stream are ignored.
    first.emit('change', { id: ID, type: 'ADDED', object: svc('ghost', '16') });
    await vi.advanceTimersByTimeAsync(50);
    expect(data().items.map((o) => o.metadata.name)).not.toContain('ghost');
  });

  it('keeps a failure Status (e.g. 403) per watch and drops the watch after the last unsubscribe', async () => {
    const off = live.subscribe(spec);
    await vi.advanceTimersByTimeAsync(50);
    const es = FakeEventSource.last();
    es.emit('failure', { id: ID, status: { kind: 'Status', apiVersion: 'v1', metadata: {}, code: 403, reason: 'Forbidden' } });
    expect(live.getSnapshot().failures[ID]).toMatchObject({ code: 403 });
    off();
    await vi.advanceTimersByTimeAsync(3000);
    expect(es.closed).toBe(true);
    expect(live.getSnapshot().failures[ID]).toBeUndefined();
  });
});

describe('LiveConnection with a refused watch', () => {
  it('stays live for the other watches when one is refused (403)', async () => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const live = new LiveConnection(new QueryClient(), timerFrames);
    live.subscribe({ resource: 'services' });
    live.subscribe({ resource: 'namespaces' });
    await vi.advanceTimersByTimeAsync(50);
    const es = FakeEventSource.last();
    es.onopen?.();
    es.emit('state', { id: 'namespaces:all', state: 'live' });
    es.emit('failure', { id: 'services:all', status: { kind: 'Status', apiVersion: 'v1', metadata: {}, code: 403, reason: 'Forbidden' } });
    expect(live.getSnapshot()).toMatchObject({ state: 'live', failures: { 'services:all': { code: 403 } } });
    live.dispose();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
