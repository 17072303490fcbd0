/**
 * API servers known to be down, so that a request to one answers at once (503) instead of waiting
 * for the upstream timeout (upstream.ts). The evidence is strict, so a cluster that is merely slow is
 * never taken for down:
 * - a connection that could not be made (refused, no route, name not resolved), by any request;
 * - a reachability probe (`GET /version`, cluster-reachability.ts) that got no first byte within the
 *   whole upstream timeout — not the picker's short probe timeout: the probe keeps waiting after the
 *   picker has its answer.
 * Any answer from the server (whatever its status) clears the record. While a server is marked down,
 * requests to it start a new probe in the background (at most one at a time, at most one a second), so
 * the record follows the server: when it answers again, the next request goes through.
 *
 * Kept on globalThis: Next may load this module once per route bundle, and they must share it.
 */
export interface DownRecord {
  /** What failed, e.g. `connect ECONNREFUSED 127.0.0.1:6443`. */
  reason: string;
  /** When the server was first seen down. */
  since: number;
  /** The latest evidence. */
  at: number;
}

interface Store {
  down: Map<string, DownRecord>;
  /** The latest background probe of each server: when it started, and whether it is still in flight. */
  probing: Map<string, { startedAt: number; inFlight: boolean }>;
}

const KEY = '__portholeKnownDown';

function store(): Store {
  const holder = globalThis as typeof globalThis & { [KEY]?: Store };
  holder[KEY] ??= { down: new Map(), probing: new Map() };
  return holder[KEY];
}

/** A request is answered from the record only while its evidence is this recent. */
export const DOWN_RECENT_MS = 30_000;
/** Background probes of a server marked down start at most this often. */
export const REPROBE_EVERY_MS = 1_000;

/** Connection errors that say the server is not there at all (not a slow or reset reply). */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function isConnectFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONNECT_FAILURES.has(code);
}

export function markDown(server: string, reason: string, now = Date.now()): void {
  const { down } = store();
  const was = down.get(server);
  down.set(server, { reason, since: was?.since ?? now, at: now });
}

export function markUp(server: string): void {
  const { down } = store();
  if (down.size) down.delete(server);
}

/** The record when the server is marked down on recent evidence (requests then fail at once). */
export function recentlyDown(server: string, now = Date.now()): DownRecord | undefined {
  const record = store().down.get(server);
  return record && now - record.at < DOWN_RECENT_MS ? record : undefined;
}

/**
 * Whether to start a background probe of `server` now: it is marked down (recently or not), no probe
 * of it is in flight, and the last one started at least REPROBE_EVERY_MS ago. A true answer claims
 * the probe; call probeDone when it ends.
 */
export function claimProbe(server: string, now = Date.now()): boolean {
  const { down, probing } = store();
  if (!down.has(server)) return false;
  const last = probing.get(server);
  if (last && (last.inFlight || now - last.startedAt < REPROBE_EVERY_MS)) return false;
  probing.set(server, { startedAt: now, inFlight: true });
  return true;
}

/**
 * Claims a probe of a server not known to be down, asked for because an open watch on it went silent
 * (upstream-watch.ts): at most one in flight per server, at most one per `everyMs`. A frozen server
 * keeps its connections open and says nothing; only a probe that waits the upstream timeout tells.
 */
export function claimSilenceProbe(server: string, everyMs: number, now = Date.now()): boolean {
  const { probing } = store();
  const last = probing.get(server);
  if (last && (last.inFlight || now - last.startedAt < everyMs)) return false;
  probing.set(server, { startedAt: now, inFlight: true });
  return true;
}

export function probeDone(server: string): void {
  const last = store().probing.get(server);
  if (last) last.inFlight = false;
}

/** For tests: forget everything. */
export function resetKnownDown(): void {
  const s = store();
  s.down.clear();
  s.probing.clear();
}
