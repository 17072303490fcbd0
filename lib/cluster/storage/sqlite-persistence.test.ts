import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, it, expect } from 'vitest';
import { openStore, StoreError } from './index';
import { names, node, svc } from './test-objects';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porthole-storage-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite persistence', () => {
  it('loads every object back on reopen and keeps resourceVersions increasing', () => {
    const dataDir = tempDir();
    const first = openStore({ dataDir });
    first.transact((tx) => {
      tx.create('services', svc('b', 'x'));
      tx.create('services', svc('a', 'x'));
      tx.create('nodes', node('n1'));
    });
    first.transact((tx) => tx.update('services', svc('a', 'x', { spec: { type: 'NodePort' } }), '2'));
    first.transact((tx) => tx.delete('nodes', undefined, 'n1'));
    const before = first.list('services');
    expect(first.currentResourceVersion()).toBe(5);
    first.close();

    const second = openStore({ dataDir });
    expect(second.currentResourceVersion()).toBe(5);
    expect(second.list('services')).toEqual(before);
    expect(names(second.list('services'))).toEqual(['x/a', 'x/b']);
    expect(second.get('services', 'x', 'a')?.metadata.resourceVersion).toBe('4');
    expect(second.list('nodes')).toEqual([]);
    expect(Object.isFrozen(second.get('services', 'x', 'a'))).toBe(true);
    // the newest write was a delete: its resourceVersion is still never reused
    expect(second.transact((tx) => tx.create('nodes', node('n2'))).metadata.resourceVersion).toBe('6');
    second.close();

    const third = openStore({ dataDir });
    expect(third.currentResourceVersion()).toBe(6);
    third.close();
  });

  it('persists nothing from failed or dry-run transactions', () => {
    const dataDir = tempDir();
    const store = openStore({ dataDir });
    store.transact((tx) => tx.create('services', svc('kept')));
    expect(() =>
      store.transact((tx) => {
        tx.create('services', svc('failed'));
        throw new Error('no');
      }),
    ).toThrow('no');
    store.transact((tx) => tx.create('services', svc('dry')), { dryRun: true });
    store.close();
    const reopened = openStore({ dataDir });
    expect(names(reopened.list('services'))).toEqual(['default/kept']);
    expect(reopened.currentResourceVersion()).toBe(1);
    reopened.close();
  });

  it('starts with an empty history: an older watch gets Gone, a current one works', () => {
    const dataDir = tempDir();
    const store = openStore({ dataDir });
    for (const n of ['a', 'b', 'c']) store.transact((tx) => tx.create('services', svc(n)));
    store.close();
    const reopened = openStore({ dataDir });
    expect(() => reopened.watch('services', undefined, 2, () => {})).toThrow(StoreError);
    const seen: number[] = [];
    reopened.watch('services', undefined, 3, (e) => seen.push(e.resourceVersion));
    reopened.transact((tx) => tx.create('services', svc('d')));
    expect(seen).toEqual([4]);
    reopened.close();
  });

  it('uses WAL mode and one row per object plus the resourceVersion meta row', () => {
    const dataDir = tempDir();
    const store = openStore({ dataDir });
    store.transact((tx) => tx.create('services', svc('a')));
    store.transact((tx) => tx.create('services', svc('b')));
    store.transact((tx) => tx.delete('services', 'default', 'b'));
    store.close();
    const db = new Database(path.join(dataDir, 'cluster.db'), { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const rows = db.prepare('SELECT resource, namespace, name, resource_version, json FROM objects').all();
      expect(rows).toEqual([
        { resource: 'services', namespace: 'default', name: 'a', resource_version: 1, json: expect.stringContaining('"resourceVersion":"1"') },
      ]);
      expect(db.prepare(`SELECT value FROM meta WHERE key = 'resourceVersion'`).get()).toEqual({ value: '3' });
    } finally {
      db.close();
    }
  });

  it('refuses a second open of the same data directory while the first is open', () => {
    const dataDir = tempDir();
    const store = openStore({ dataDir });
    expect(() => openStore({ dataDir })).toThrow(/in use by another process/);
    store.transact((tx) => tx.create('services', svc('still-works')));
    store.close();
    const again = openStore({ dataDir });
    expect(again.list('services')).toHaveLength(1);
    again.close();
  });

  it('keeps 2,000 single-object transactions, each with its own resourceVersion (their rate is in `npm run bench -- core`)', () => {
    const dataDir = tempDir();
    const store = openStore({ dataDir });
    for (let i = 0; i < 2000; i++) store.transact((tx) => tx.create('services', svc(`s-${i}`)));
    store.close();
    const again = openStore({ dataDir });
    const listed = again.list('services');
    expect(listed).toHaveLength(2000);
    expect(new Set(listed.map((s) => s.metadata.resourceVersion)).size).toBe(2000);
    again.close();
  });
});
