import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Service } from '../../k8s/types';
import type { DeletedService, FieldChange, HistoryActor, HistoryChangeKind, HistoryEntry, HistoryVersion } from '../../service-history/history-types';
import type { HistoryConfig } from './config';

/**
 * The Service history store: one SQLite file (`<history dir>/history.db`, WAL) that every replica on
 * the same volume opens. Only the replica holding the recorder's Lease writes versions (recorder.ts);
 * every replica reads them and notes the Service writes that go through it (porthole-writes.ts), so
 * the recorder can name the Porthole user. A version is stored once per (cluster, uid,
 * resourceVersion, kind): a handover between replicas never duplicates one. Retention: a count per
 * Service (on every insert), an age and a total size (prune(), every minute).
 */
export const HISTORY_DATABASE = 'history.db';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  cluster TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  uid TEXT NOT NULL,
  kind TEXT NOT NULL,
  observed_ms INTEGER NOT NULL,
  resource_version TEXT NOT NULL,
  manager TEXT,
  operation TEXT,
  porthole_user TEXT,
  changes TEXT NOT NULL,
  summary TEXT NOT NULL,
  object TEXT NOT NULL,
  bytes INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS versions_once ON versions (cluster, uid, resource_version, kind);
CREATE INDEX IF NOT EXISTS versions_service ON versions (cluster, namespace, name, id);
CREATE INDEX IF NOT EXISTS versions_kind ON versions (cluster, namespace, kind, id);
CREATE INDEX IF NOT EXISTS versions_age ON versions (observed_ms);
CREATE TABLE IF NOT EXISTS clusters (cluster TEXT PRIMARY KEY, recorded_since_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS writes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  cluster TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  user TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  code INTEGER,
  claimed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS writes_service ON writes (cluster, namespace, name, id);
`;

export interface NewVersion {
  cluster: string;
  kind: HistoryChangeKind;
  observedMs: number;
  object: Service;
  actor: HistoryActor;
  changes: FieldChange[];
  summary: string;
}

interface VersionRow {
  id: number;
  cluster: string;
  namespace: string;
  name: string;
  uid: string;
  kind: HistoryChangeKind;
  observed_ms: number;
  resource_version: string;
  manager: string | null;
  operation: string | null;
  porthole_user: string | null;
  changes: string;
  summary: string;
}

const ENTRY_COLUMNS = 'id, cluster, namespace, name, uid, kind, observed_ms, resource_version, manager, operation, porthole_user, changes, summary';

function toEntry(row: VersionRow): HistoryEntry {
  const actor: HistoryActor = {};
  if (row.manager) actor.manager = row.manager;
  if (row.operation) actor.operation = row.operation;
  if (row.porthole_user) actor.portholeUser = row.porthole_user;
  return {
    id: String(row.id),
    namespace: row.namespace,
    name: row.name,
    uid: row.uid,
    kind: row.kind,
    observedAt: new Date(row.observed_ms).toISOString(),
    resourceVersion: row.resource_version,
    actor,
    changes: JSON.parse(row.changes) as FieldChange[],
    summary: row.summary,
  };
}

/** The last recorded version of each Service of a cluster (what the recorder diffs the next one against). */
export interface LastVersion {
  kind: HistoryChangeKind;
  resourceVersion: string;
  object: Service;
}

export class HistoryStore {
  private readonly db: Database.Database;
  private totalBytes: number;

  constructor(readonly config: HistoryConfig) {
    fs.mkdirSync(config.dir, { recursive: true });
    this.db = new Database(path.join(config.dir, HISTORY_DATABASE));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.totalBytes = this.sumBytes();
  }

  close(): void {
    this.db.close();
  }

  /** Runs `fn` as one SQLite transaction (a relist of 10,000 Services is one commit, not 10,000). */
  batch(fn: () => void): void {
    this.db.transaction(fn)();
  }

  /** When recording of `cluster` began (set on the first call). */
  startRecording(cluster: string, nowMs: number): number {
    this.db.prepare('INSERT INTO clusters (cluster, recorded_since_ms) VALUES (?, ?) ON CONFLICT (cluster) DO NOTHING').run(cluster, nowMs);
    return this.recordedSinceMs(cluster) ?? nowMs;
  }

  recordedSinceMs(cluster: string): number | undefined {
    const row = this.db.prepare('SELECT recorded_since_ms AS ms FROM clusters WHERE cluster = ?').get(cluster) as { ms: number } | undefined;
    return row?.ms;
  }

  /** Adds a version (ignored when this exact one is stored already); applies the per-Service count bound. Returns its id. */
  insert(v: NewVersion): string | undefined {
    const object = JSON.stringify(v.object);
    const m = v.object.metadata;
    const result = this.db
      .prepare(
        `INSERT OR IGNORE INTO versions (cluster, namespace, name, uid, kind, observed_ms, resource_version, manager, operation, porthole_user, changes, summary, object, bytes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        v.cluster,
        m.namespace ?? '',
        m.name ?? '',
        m.uid ?? '',
        v.kind,
        v.observedMs,
        m.resourceVersion ?? '',
        v.actor.manager ?? null,
        v.actor.operation ?? null,
        v.actor.portholeUser ?? null,
        JSON.stringify(v.changes),
        v.summary,
        object,
        object.length,
      );
    if (result.changes === 0) return undefined;
    this.totalBytes += object.length;
    this.keepNewest(v.cluster, m.namespace ?? '', m.name ?? '', this.config.maxVersions);
    return String(result.lastInsertRowid);
  }

  private keepNewest(cluster: string, namespace: string, name: string, count: number): void {
    const cut = this.db
      .prepare('SELECT id FROM versions WHERE cluster = ? AND namespace = ? AND name = ? ORDER BY id DESC LIMIT 1 OFFSET ?')
      .get(cluster, namespace, name, count) as { id: number } | undefined;
    if (!cut) return;
    const freed = this.db
      .prepare('SELECT COALESCE(SUM(bytes), 0) AS b FROM versions WHERE cluster = ? AND namespace = ? AND name = ? AND id <= ?')
      .get(cluster, namespace, name, cut.id) as { b: number };
    this.db.prepare('DELETE FROM versions WHERE cluster = ? AND namespace = ? AND name = ? AND id <= ?').run(cluster, namespace, name, cut.id);
    this.totalBytes -= freed.b;
  }

  /** The newest version of every Service of `cluster`, by `namespace/name`. */
  lastVersions(cluster: string): Map<string, LastVersion> {
    const rows = this.db
      .prepare(
        `SELECT v.kind, v.resource_version, v.object FROM versions v
         JOIN (SELECT MAX(id) AS id FROM versions WHERE cluster = ? GROUP BY namespace, name) last ON v.id = last.id`,
      )
      .all(cluster) as { kind: HistoryChangeKind; resource_version: string; object: string }[];
    const out = new Map<string, LastVersion>();
    for (const r of rows) {
      const object = JSON.parse(r.object) as Service;
      out.set(`${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`, { kind: r.kind, resourceVersion: r.resource_version, object });
    }
    return out;
  }

  /** A Service's versions, newest first, `limit` of them, older than `before` (an id) when given. */
  entries(cluster: string, namespace: string, name: string, limit: number, before?: number): HistoryEntry[] {
    const rows = this.db
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM versions WHERE cluster = ? AND namespace = ? AND name = ? AND id < ? ORDER BY id DESC LIMIT ?`)
      .all(cluster, namespace, name, before ?? Number.MAX_SAFE_INTEGER, limit) as VersionRow[];
    return rows.map(toEntry);
  }

  version(cluster: string, namespace: string, name: string, id: number): HistoryVersion | undefined {
    const row = this.db.prepare(`SELECT ${ENTRY_COLUMNS}, object FROM versions WHERE cluster = ? AND namespace = ? AND name = ? AND id = ?`).get(cluster, namespace, name, id) as
      (VersionRow & { object: string }) | undefined;
    return row ? { entry: toEntry(row), object: JSON.parse(row.object) as Service } : undefined;
  }

  /** Services of `namespace` whose newest version is a deletion, newest deletion first. */
  deleted(cluster: string, namespace: string): DeletedService[] {
    const rows = this.db
      .prepare(
        `SELECT ${ENTRY_COLUMNS} FROM versions v WHERE cluster = ? AND namespace = ? AND kind = 'deleted'
           AND id = (SELECT MAX(id) FROM versions w WHERE w.cluster = v.cluster AND w.namespace = v.namespace AND w.name = v.name)
         ORDER BY id DESC LIMIT 500`,
      )
      .all(cluster, namespace) as VersionRow[];
    return rows.map((row) => {
      const e = toEntry(row);
      return { namespace: e.namespace, name: e.name, uid: e.uid, deletedAt: e.observedAt, deletedBy: e.actor, lastVersionId: e.id };
    });
  }

  /** Notes a Service write through Porthole (before it reaches the API server); returns its id for `writeFinished`. */
  writeStarted(cluster: string, namespace: string, name: string, user: string, nowMs: number): number {
    const r = this.db.prepare('INSERT INTO writes (cluster, namespace, name, user, started_ms) VALUES (?, ?, ?, ?, ?)').run(cluster, namespace, name, user, nowMs);
    return Number(r.lastInsertRowid);
  }

  writeFinished(id: number, code: number, nowMs: number): void {
    this.db.prepare('UPDATE writes SET finished_ms = ?, code = ? WHERE id = ?').run(nowMs, code, id);
  }

  /**
   * The Porthole user of a write to that Service in flight at `atMs`, or finished successfully within
   * `slackMs` before it; each write names one version only (the next change may be someone else's).
   */
  claimWriter(cluster: string, namespace: string, name: string, atMs: number, slackMs: number): string | undefined {
    const row = this.db
      .prepare(
        `SELECT id, user FROM writes WHERE cluster = ? AND namespace = ? AND name = ? AND claimed = 0 AND started_ms <= ?
           AND (finished_ms IS NULL OR (code < 300 AND finished_ms >= ?)) ORDER BY id DESC LIMIT 1`,
      )
      .get(cluster, namespace, name, atMs, atMs - slackMs) as { id: number; user: string } | undefined;
    if (!row) return undefined;
    this.db.prepare('UPDATE writes SET claimed = 1 WHERE id = ?').run(row.id);
    return row.user;
  }

  /** The age and size bounds (and old write notes); returns how many versions went. */
  prune(nowMs: number): number {
    const cutoff = nowMs - this.config.maxAgeMs;
    let removed = this.db.prepare('DELETE FROM versions WHERE observed_ms < ?').run(cutoff).changes;
    // What the age bound removed is no longer recorded: "recorded since" moves with it.
    if (removed > 0) this.db.prepare('UPDATE clusters SET recorded_since_ms = MAX(recorded_since_ms, ?)').run(cutoff);
    this.db.prepare('DELETE FROM writes WHERE started_ms < ?').run(nowMs - 3600_000);
    this.totalBytes = this.sumBytes();
    if (this.totalBytes > this.config.maxBytes) {
      // Down to 90% of the bound, oldest first, so the next inserts do not prune again at once.
      const target = Math.floor(this.config.maxBytes * 0.9);
      const rows = this.db.prepare('SELECT id, bytes FROM versions ORDER BY id').iterate() as IterableIterator<{ id: number; bytes: number }>;
      let total = this.totalBytes;
      let upTo = 0;
      for (const r of rows) {
        if (total <= target) break;
        total -= r.bytes;
        upTo = r.id;
      }
      removed += this.db.prepare('DELETE FROM versions WHERE id <= ?').run(upTo).changes;
      this.totalBytes = this.sumBytes();
    }
    return removed;
  }

  /** Whether the size bound is passed (the recorder prunes at once then). */
  overSize(): boolean {
    return this.totalBytes > this.config.maxBytes;
  }

  private sumBytes(): number {
    return (this.db.prepare('SELECT COALESCE(SUM(bytes), 0) AS b FROM versions').get() as { b: number }).b;
  }
}
