'use client';
import { useEffect, useState } from 'react';
import { useHydrating, useRequestClock } from './hydration';

/**
 * The current time, refreshed every `intervalMs` (for ages that keep counting). While a server-rendered
 * page hydrates it is the server's clock for that page (the HTML and the first client render agree),
 * then the browser's.
 */
export function useNow(intervalMs: number): number {
  const hydrating = useHydrating();
  const rendered = useRequestClock();
  const [now, setNow] = useState(() => (hydrating && rendered !== undefined ? rendered : Date.now()));
  useEffect(() => {
    // Right after hydration: the browser's clock instead of the server's.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [intervalMs]);
  return now;
}
