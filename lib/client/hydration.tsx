'use client';
/**
 * Server-rendered pages and their first client render must agree, or React throws away the HTML
 * (error #418) and the page flashes. Whatever differs between the server and the browser (the clock,
 * the viewport, storage) is read only once hydration is over: `useHydrating()` is true on the server
 * and during the hydrating render, false afterwards (and on every render of a page opened by client
 * navigation). The clock the server rendered with is handed to the browser (`RequestClock`), so
 * "3 min ago" reads the same in the HTML and in the first client render.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

const ClockContext = createContext<number | undefined>(undefined);

/** The server's clock for the page it rendered (milliseconds since the epoch). */
export function RequestClock({ now, children }: { now: number; children: ReactNode }) {
  return <ClockContext.Provider value={now}>{children}</ClockContext.Provider>;
}

/** The clock the page was rendered with (the server's during hydration), else undefined. */
export function useRequestClock(): number | undefined {
  return useContext(ClockContext);
}
