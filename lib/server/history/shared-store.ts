import 'server-only';
import { historyConfig } from './config';
import { HistoryStore } from './store';

/**
 * This process's history store, opened once when PORTHOLE_HISTORY_DIR is set (undefined otherwise).
 * Kept on globalThis: instrumentation.ts (the recorder) and the route handlers are separate bundles.
 */
const KEY = '__portholeHistoryStore';

export function historyStore(): HistoryStore | undefined {
  const holder = globalThis as typeof globalThis & { [KEY]?: HistoryStore | null };
  if (holder[KEY] === undefined) {
    const config = historyConfig();
    holder[KEY] = config ? new HistoryStore(config) : null;
  }
  return holder[KEY] ?? undefined;
}
