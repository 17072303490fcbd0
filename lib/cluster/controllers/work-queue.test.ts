import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue';

describe('work queue', () => {
  it('merges keys added before it runs and runs them outside the caller', async () => {
    const runs: string[] = [];
    const q = createWorkQueue((k) => runs.push(k));
    q.add('a');
    q.add('b');
    q.add('a');
    expect(runs).toEqual([]);
    await q.idle();
    expect(runs).toEqual(['a', 'b']);
  });

  it('retries a failing key with backoff until it succeeds, unless the error is not retryable', async () => {
    let attempts = 0;
    const q = createWorkQueue(
      () => {
        attempts++;
        if (attempts < 3) throw new Error('conflict');
      },
      { backoff: () => 1 },
    );
    q.add('k');
    await q.idle();
    expect(attempts).toBe(3);

    let tries = 0;
    const p = createWorkQueue(
      () => {
        tries++;
        throw new Error('permanent');
      },
      { backoff: () => 1, retryable: () => false },
    );
    p.add('k');
    await p.idle();
    expect(tries).toBe(1);
    expect(p.busy()).toBe(false);
  });
});
