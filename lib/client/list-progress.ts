'use client';
/**
 * Rows of a list that is still streaming in (service-rows-stream.ts), per query key, outside the
 * query cache: the query holds only the complete list (with the resourceVersion its watch starts
 * from), while the page already shows what has arrived.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { RowsProgress } from './service-rows-stream';

const progress = new Map<string, RowsProgress>();
const listeners = new Map<string, Set<() => void>>();

export function publishProgress(id: string, value: RowsProgress | undefined): void {
  if (value) progress.set(id, value);
  else if (!progress.delete(id)) return;
  for (const listener of listeners.get(id) ?? []) listener();
}

export function useListProgress(id: string): RowsProgress | undefined {
  const subscribe = useCallback(
    (listener: () => void) => {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },
    [id],
  );
  const get = useCallback(() => progress.get(id), [id]);
  return useSyncExternalStore(subscribe, get, () => undefined);
}
