/** Small helpers for benchmark figures. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
  /** How the figure was measured. */
  note?: string;
  /** The API server behind the figure, for figures measured on both kinds (shown side by side). */
  cluster?: string;
}

export function result(name: string, value: number, unit: string, target: { max?: number; min?: number }, note?: string): BenchResult {
  const ok = (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min);
  const targetText = target.max !== undefined ? `<= ${target.max} ${unit}` : `>= ${target.min} ${unit}`;
  return { name, value: Math.round(value * 100) / 100, unit, target: targetText, ok, note };
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight. */
export async function runConcurrently(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  });
  await Promise.all(workers);
}
