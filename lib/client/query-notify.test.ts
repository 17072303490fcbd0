import { describe, expect, it } from 'vitest';
import { coalescingScheduler } from './query-notify';

describe('coalescing query notifications', () => {
  it('runs the callbacks queued before the next task in one task, in order, never synchronously', () => {
    const tasks: (() => void)[] = [];
    const schedule = coalescingScheduler((run) => tasks.push(run));
    const ran: number[] = [];
    schedule(() => ran.push(1));
    schedule(() => ran.push(2));
    schedule(() => ran.push(3));
    expect(ran).toEqual([]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(ran).toEqual([1, 2, 3]);
    // A callback scheduled while the task runs (a notification causing another) gets a task of its own.
    schedule(() => {
      ran.push(4);
      schedule(() => ran.push(5));
    });
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(ran).toEqual([1, 2, 3, 4, 5]);
  });
});
