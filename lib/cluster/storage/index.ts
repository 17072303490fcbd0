/**
 * The embedded cluster's storage: `openStore` (memory, or SQLite-backed with a data directory) and
 * `serializeObject` (cached JSON text of stored objects). The contract is in ./types.
 */
import { openSqlitePersistence } from './sqlite-persistence';
import { createStore, type EmbeddedStore } from './store';
import type { ErrorReporter } from './watch-hub';

export interface OpenStoreOptions {
  /** Directory holding `cluster.db`; without it the store lives in memory only. */
  dataDir?: string;
  /** Events kept for watch replay (default 5000). Older resourceVersions get StoreError 'Gone'. */
  historySize?: number;
  /** Where listener/callback exceptions go (default: console.error). */
  onError?: ErrorReporter;
}

export function openStore(options: OpenStoreOptions = {}): EmbeddedStore {
  const persistence = options.dataDir ? openSqlitePersistence(options.dataDir) : undefined;
  try {
    return createStore({ persistence, historySize: options.historySize, onError: options.onError });
  } catch (error) {
    persistence?.close();
    throw error;
  }
}

export { serializeObject, serializeArray } from './json-cache';
export { compareObjectKeys, objectKey } from './object-key';
export { StoreError } from './types';
export type { StoreEvent, StoredResource } from './types';
export type { EmbeddedStore } from './store';
export type { ErrorReporter } from './watch-hub';
