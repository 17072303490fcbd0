/**
 * SQLite persistence (better-sqlite3), as k3s's embedded datastore does.
 *
 * `<dataDir>/cluster.db` in WAL mode with `synchronous=NORMAL`: each committed store transaction is
 * one SQLite transaction, written before `transact()` returns. A commit is then in the WAL file (in
 * the OS page cache at least), so it survives `kill -9` of the process; surviving power loss or an OS
 * crash would need `synchronous=FULL` (an fsync per commit) and is out of scope.
 *
 * The database is opened with an exclusive lock: a second process on the same data directory fails
 * at open instead of corrupting the resourceVersion sequence.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { StoredResource } from './types';

export interface PersistedWrite {
  resource: StoredResource;
  namespace: string;
  name: string;
  resourceVersion: number;
  /** JSON text of the stored object, or null for a delete. */
  json: string | null;
}

export interface PersistedRow {
  resource: StoredResource;
  json: string;
}

/** What the store needs from a durable backend. */
export interface Persistence {
  /** Every stored object and the newest resourceVersion ever committed. */
  load(): { rows: PersistedRow[]; resourceVersion: number };
  /** Writes one committed transaction atomically; throws (and writes nothing) on failure. */
  write(writes: readonly PersistedWrite[], resourceVersion: number): void;
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS objects (
  resource TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  resource_version INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (resource, namespace, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta (key, value) VALUES ('schemaVersion', '1') ON CONFLICT (key) DO NOTHING;
INSERT INTO meta (key, value) VALUES ('resourceVersion', '0') ON CONFLICT (key) DO NOTHING;
`;

export const DATABASE_FILE = 'cluster.db';

export function openSqlitePersistence(dataDir: string): Persistence {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  const db = new Database(file, { timeout: 1500 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec(SCHEMA); // the first write takes (and keeps) the exclusive lock
  } catch (error) {
    db.close();
    const busy = error instanceof Error && /locked|busy/i.test(error.message);
    if (busy) throw new Error(`storage: ${file} is in use by another process (${error.message})`);
    throw error;
  }

  const upsert = db.prepare(
    `INSERT INTO objects (resource, namespace, name, resource_version, json) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (resource, namespace, name) DO UPDATE SET resource_version = excluded.resource_version, json = excluded.json`,
  );
  const remove = db.prepare('DELETE FROM objects WHERE resource = ? AND namespace = ? AND name = ?');
  const setVersion = db.prepare(`UPDATE meta SET value = ? WHERE key = 'resourceVersion'`);
  const commit = db.transaction((writes: readonly PersistedWrite[], resourceVersion: number) => {
    for (const w of writes) {
      if (w.json === null) remove.run(w.resource, w.namespace, w.name);
      else upsert.run(w.resource, w.namespace, w.name, w.resourceVersion, w.json);
    }
    setVersion.run(String(resourceVersion));
  });

  return {
    load() {
      const rows = db
        .prepare('SELECT resource, json FROM objects ORDER BY resource, namespace, name')
        .all() as PersistedRow[];
      const meta = db.prepare(`SELECT value FROM meta WHERE key = 'resourceVersion'`).get() as { value: string } | undefined;
      const maxRow = db.prepare('SELECT MAX(resource_version) AS rv FROM objects').get() as { rv: number | null };
      const resourceVersion = Math.max(Number(meta?.value ?? 0) || 0, maxRow.rv ?? 0);
      return { rows, resourceVersion };
    },
    write(writes, resourceVersion) {
      commit(writes, resourceVersion);
    },
    close() {
      if (db.open) db.close();
    },
  };
}
