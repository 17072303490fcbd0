'use client';
/**
 * Rows of a list that is still streaming in (service-rows-stream.ts), per query key, outside the
 * query cache: the query holds only the complete list (with the resourceVersion its watch starts
 * from), while the page already shows what has arrived.
 */
import { startTransition, useEffect, useState } from 'react';
import type { RowsProgress } from './service-rows-stream';

const progress = new Map<string, RowsProgress>();
const listeners = new Map<string, Set<() => void>>();

export function publishProgress(id: string, value: RowsProgress | undefined): void {
  if (value) progress.set(id, value);
  else if (!progress.delete(id)) return;
  for (const listener of listeners.get(id) ?? []) listener();
}

/**
 * The rows so far, re-rendered as a transition: React renders a transition in slices and yields to
 * the browser between them, where a useSyncExternalStore update would render the whole list page in
 * the task that read the chunk (the HTML's rows stand meanwhile; nothing waits on this).
 */
export function useListProgress(id: string): RowsProgress | undefined {
  const [seen, setSeen] = useState<{ id: string; value: RowsProgress | undefined }>({ id, value: undefined });
  useEffect(() => {
    let set = listeners.get(id);
    if (!set) listeners.set(id, (set = new Set()));
    const listener = () => startTransition(() => setSeen({ id, value: progress.get(id) }));
    set.add(listener);
    // Rows published before this component subscribed (a list already streaming in).
    if (progress.has(id)) listener();
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(id);
    };
  }, [id]);
  return seen.id === id ? seen.value : undefined;
}
