'use client';
import { useEffect, useState } from 'react';
import { useHydrating, useRequestClock } from './hydration';

/**
 * The current time, refreshed every `intervalMs` (for ages that keep counting). While a server-rendered
 * page hydrates it is the server's clock for that page (the HTML and the first client render agree),
 * and stays so until the first tick; then the browser's.
 */
export function useNow(intervalMs: number): number {
  const hydrating = useHydrating();
  const rendered = useRequestClock();
  const [now, setNow] = useState(() => (hydrating && rendered !== undefined ? rendered : Date.now()));
  useEffect(() => {
    // The server's clock (after hydration) stands until the first tick, then the browser's: switching
    // at once would rewrite every age the HTML showed right after hydration, for a second's difference.
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
