import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Service } from '../../k8s/types';
import { HistoryStore, type NewVersion } from './store';

const dirs: string[] = [];
const stores: HistoryStore[] = [];

function open(limits: { maxVersions?: number; maxAgeMs?: number; maxBytes?: number } = {}, dir?: string): HistoryStore {
  const d = dir ?? mkdtempSync(join(tmpdir(), 'porthole-history-unit-'));
  if (!dir) dirs.push(d);
  const store = new HistoryStore({ dir: d, maxVersions: limits.maxVersions ?? 100, maxAgeMs: limits.maxAgeMs ?? 3600_000, maxBytes: limits.maxBytes ?? 1e9 });
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const version = (name: string, rv: number, observedMs: number, padding = 0): NewVersion => ({
  cluster: 'c1',
  kind: rv === 1 ? 'created' : 'modified',
  observedMs,
  object: {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion: String(rv), annotations: { pad: 'x'.repeat(padding) } },
  } as Service,
  actor: { manager: 'kubectl-edit', operation: 'Update' },
  changes: [],
  summary: `v${rv}`,
});

describe('HistoryStore', () => {
  it('stores a version once (a second recorder writing the same one adds nothing) and reads it back', () => {
    const store = open();
    const id = store.insert(version('web', 1, 1000));
    expect(id).toBeDefined();
    expect(store.insert(version('web', 1, 2000))).toBeUndefined();
    const [entry] = store.entries('c1', 'ns', 'web', 10);
    expect(entry).toMatchObject({ id, kind: 'created', resourceVersion: '1', actor: { manager: 'kubectl-edit', operation: 'Update' }, summary: 'v1' });
    expect(store.version('c1', 'ns', 'web', Number(id))?.object.metadata.uid).toBe('uid-web');
  });

  it('keeps the newest versions per Service up to the count', () => {
    const store = open({ maxVersions: 3 });
    for (let rv = 1; rv <= 5; rv++) store.insert(version('web', rv, rv * 1000));
    store.insert(version('other', 1, 9000));
    expect(store.entries('c1', 'ns', 'web', 10).map((e) => e.summary)).toEqual(['v5', 'v4', 'v3']);
    expect(store.entries('c1', 'ns', 'other', 10)).toHaveLength(1);
  });

  it('drops versions past the age bound and moves "recorded since" with them', () => {
    const store = open({ maxAgeMs: 10_000 });
    store.startRecording('c1', 1000);
    store.insert(version('web', 1, 1000));
    store.insert(version('web', 2, 50_000));
    store.prune(55_000);
    expect(store.entries('c1', 'ns', 'web', 10).map((e) => e.summary)).toEqual(['v2']);
    expect(store.recordedSinceMs('c1')).toBe(45_000);
  });

  it('keeps the total size under its bound, oldest first', () => {
    const store = open({ maxBytes: 10_000 });
    for (let rv = 1; rv <= 8; rv++) store.insert(version('web', rv, rv * 1000, 2000));
    expect(store.overSize()).toBe(true);
    store.prune(9000);
    expect(store.overSize()).toBe(false);
    const left = store.entries('c1', 'ns', 'web', 10).map((e) => e.summary);
    expect(left[0]).toBe('v8');
    expect(left.length).toBeLessThan(8);
  });

  it('names the Porthole user of a write once, only for a write in flight or just finished', () => {
    const store = open();
    const w = store.writeStarted('c1', 'ns', 'web', 'alice', 1000);
    expect(store.claimWriter('c1', 'ns', 'other', 1500, 10_000)).toBeUndefined();
    store.writeFinished(w, 200, 1200);
    expect(store.claimWriter('c1', 'ns', 'web', 1500, 10_000)).toBe('alice');
    expect(store.claimWriter('c1', 'ns', 'web', 1600, 10_000)).toBeUndefined();
    const failed = store.writeStarted('c1', 'ns', 'web', 'bob', 2000);
    store.writeFinished(failed, 409, 2100);
    expect(store.claimWriter('c1', 'ns', 'web', 2200, 10_000)).toBeUndefined();
  });

  it('is one store for every process that opens the directory', () => {
    const a = open();
    const b = open({}, a.config.dir);
    a.startRecording('c1', 1234);
    a.insert(version('web', 1, 1000));
    expect(b.recordedSinceMs('c1')).toBe(1234);
    expect(b.entries('c1', 'ns', 'web', 10)).toHaveLength(1);
    expect(b.insert(version('web', 1, 1000))).toBeUndefined();
  });
});
