import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../k8s/types';
import { applyListEvents, type ListEvent } from './apply-events';
import { FrameBatcher, type FrameScheduler } from './frame-batcher';
import type { ListSnapshot } from './protocol';

/** A scheduler driven by hand: frames run when the test says, timers when the test moves the clock. */
class HandScheduler implements FrameScheduler {
  now = 0;
  isHidden = false;
  frames = new Map<number, () => void>();
  timers = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  requestFrame(callback: () => void): unknown {
    const id = this.next++;
    this.frames.set(id, callback);
    return id;
  }
  cancelFrame(handle: unknown): void {
    this.frames.delete(handle as number);
  }
  setTimer(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn: callback });
    return id;
  }
  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  hidden(): boolean {
    return this.isHidden;
  }
  /** Runs every requested frame (a frame goes by). */
  frame(): void {
    const due = [...this.frames.values()];
    this.frames.clear();
    for (const fn of due) fn();
  }
  advance(ms: number): void {
    this.now += ms;
    for (const [id, t] of [...this.timers]) {
      if (t.at <= this.now && this.timers.has(id)) {
        this.timers.delete(id);
        t.fn();
      }
    }
  }
}

const svc = (name: string, rv: string, label = ''): KubeObject => ({ metadata: { name, namespace: 'demo', resourceVersion: rv, labels: { v: label } } });
const names = (s: ListSnapshot | undefined) => s?.items.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`);

/** A batcher writing into a map of snapshots, as the connection writes into the query cache. */
function setup(options: { maxQueued?: number } = {}) {
  const scheduler = new HandScheduler();
  const lists = new Map<string, ListSnapshot | undefined>([['svc', { resourceVersion: '10', items: [svc('a', '5'), svc('b', '6')] }]]);
  const writes: { id: string; events: ListEvent[] }[] = [];
  const batcher = new FrameBatcher<ListEvent>({
    scheduler,
    isReset: (e) => e.type === 'resync',
    apply: (id, events) => {
      writes.push({ id, events });
      lists.set(id, applyListEvents(lists.get(id), events));
    },
    ...options,
  });
  return { scheduler, lists, writes, batcher };
}

describe('FrameBatcher', () => {
  it('applies every event of a frame in arrival order, with one write per list', () => {
    const { scheduler, lists, writes, batcher } = setup();
    const before = lists.get('svc')!;
    batcher.push('svc', { type: 'MODIFIED', object: svc('a', '11', 'x') });
    batcher.push('svc', { type: 'ADDED', object: svc('c', '12') });
    batcher.push('svc', { type: 'MODIFIED', object: svc('a', '13', 'y') });
    batcher.push('eps', { type: 'ADDED', object: svc('e', '14') });
    expect(writes).toHaveLength(0);
    scheduler.frame();
    expect(writes.map((w) => [w.id, w.events.length])).toEqual([
      ['svc', 3],
      ['eps', 1],
    ]);
    expect(names(lists.get('svc'))).toEqual(['a@13', 'b@6', 'c@12']);
    expect(lists.get('svc')!.items[0].metadata.labels).toEqual({ v: 'y' });
    expect(lists.get('svc')!.resourceVersion).toBe('13');
    expect(names(before)).toEqual(['a@5', 'b@6']); // copy on write: the old snapshot is intact
    // Nothing queued: the next frame writes nothing, and no timer is left behind.
    scheduler.frame();
    expect(writes).toHaveLength(2);
    expect(scheduler.timers.size).toBe(0);
  });

  it('nets out an ADDED and a DELETED of the same object in one frame', () => {
    const { scheduler, lists, batcher } = setup();
    batcher.push('svc', { type: 'ADDED', object: svc('tmp', '11') });
    batcher.push('svc', { type: 'DELETED', object: svc('tmp', '12') });
    batcher.push('svc', { type: 'DELETED', object: svc('a', '13') });
    batcher.push('svc', { type: 'ADDED', object: svc('a', '14') });
    scheduler.frame();
    expect(names(lists.get('svc'))).toEqual(['b@6', 'a@14']);
    expect(lists.get('svc')!.resourceVersion).toBe('14');
  });

  it('drops what was queued before a resync and applies the resync with what follows it', () => {
    const { scheduler, lists, writes, batcher } = setup();
    batcher.push('svc', { type: 'ADDED', object: svc('lost', '11') });
    batcher.push('svc', { type: 'MODIFIED', object: svc('a', '12') });
    batcher.push('svc', { type: 'resync', list: { resourceVersion: '50', items: [svc('z', '49')] } });
    batcher.push('svc', { type: 'ADDED', object: svc('y', '51') });
    expect(batcher.size).toBe(2);
    scheduler.frame();
    expect(writes[0].events.map((e) => e.type)).toEqual(['resync', 'ADDED']);
    expect(lists.get('svc')).toEqual({ resourceVersion: '51', items: [svc('z', '49'), svc('y', '51')] });
  });

  it('keeps other lists’ queues when one list resyncs', () => {
    const { scheduler, writes, batcher } = setup();
    batcher.push('eps', { type: 'ADDED', object: svc('e', '11') });
    batcher.push('svc', { type: 'resync', list: { resourceVersion: '50', items: [] } });
    scheduler.frame();
    expect(writes.map((w) => w.id).sort()).toEqual(['eps', 'svc']);
  });

  it('flushes by timer when the tab is hidden (no frames run there)', () => {
    const { scheduler, lists, batcher } = setup();
    scheduler.isHidden = true;
    batcher.push('svc', { type: 'ADDED', object: svc('c', '11') });
    expect(scheduler.frames.size).toBe(0); // no frame requested in a hidden tab
    scheduler.advance(249);
    expect(names(lists.get('svc'))).toEqual(['a@5', 'b@6']);
    scheduler.advance(1);
    expect(names(lists.get('svc'))).toEqual(['a@5', 'b@6', 'c@11']);
  });

  it('falls back to the timer when a requested frame never comes (tab hidden after the request)', () => {
    const { scheduler, lists, batcher } = setup();
    batcher.push('svc', { type: 'ADDED', object: svc('c', '11') });
    expect(scheduler.frames.size).toBe(1);
    scheduler.isHidden = true;
    scheduler.advance(100);
    expect(names(lists.get('svc'))).toEqual(['a@5', 'b@6', 'c@11']);
    expect(scheduler.frames.size).toBe(0); // the frame request was cancelled
    scheduler.frame();
    expect(names(lists.get('svc'))).toHaveLength(3);
  });

  it('never holds more than maxQueued events: a full queue is applied at once', () => {
    const { scheduler, lists, writes, batcher } = setup({ maxQueued: 100 });
    scheduler.isHidden = true;
    for (let i = 0; i < 250; i++) batcher.push('svc', { type: 'MODIFIED', object: svc('a', String(100 + i)) });
    expect(writes.map((w) => w.events.length)).toEqual([100, 100]);
    expect(batcher.size).toBe(50);
    scheduler.advance(250);
    expect(writes.map((w) => w.events.length)).toEqual([100, 100, 50]);
    expect(lists.get('svc')!.resourceVersion).toBe('349');
  });

  it('flush() applies at once and drop() forgets one list’s queue', () => {
    const { scheduler, writes, batcher } = setup();
    batcher.push('svc', { type: 'ADDED', object: svc('c', '11') });
    batcher.push('eps', { type: 'ADDED', object: svc('e', '12') });
    batcher.drop('eps');
    batcher.flush();
    expect(writes.map((w) => w.id)).toEqual(['svc']);
    expect(scheduler.frames.size + scheduler.timers.size).toBe(0);
    batcher.push('svc', { type: 'ADDED', object: svc('d', '13') });
    batcher.dispose();
    scheduler.frame();
    scheduler.advance(1000);
    expect(writes).toHaveLength(1);
  });

  it('wraps each flush in `around` (one notification for all lists)', () => {
    const scheduler = new HandScheduler();
    const log: string[] = [];
    const batcher = new FrameBatcher<ListEvent>({
      scheduler,
      isReset: () => false,
      apply: (id) => log.push(`apply ${id}`),
      around: (flush) => {
        log.push('begin');
        flush();
        log.push('end');
      },
    });
    batcher.push('a', { type: 'bookmark', resourceVersion: '1' });
    batcher.push('b', { type: 'bookmark', resourceVersion: '2' });
    scheduler.frame();
    expect(log).toEqual(['begin', 'apply a', 'apply b', 'end']);
  });
});
