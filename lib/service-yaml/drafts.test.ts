import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { discardDraft, draftKey, isDraftStale, loadDraft, saveDraft, type DraftStorage } from './drafts';

class MemoryStorage implements DraftStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const ref = { cluster: 'embedded', namespace: 'demo', name: 'web' };
const svc = (rv: string): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'demo', resourceVersion: rv } });

describe('draft storage', () => {
  it('keeps a draft per cluster/namespace/name', () => {
    const s = new MemoryStorage();
    expect(saveDraft(s, ref, { text: 'a: 1', baseResourceVersion: '5', base: svc('5') }, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    saveDraft(s, { ...ref, cluster: 'other' }, { text: 'b: 2' });
    expect(loadDraft(s, ref)).toEqual({ text: 'a: 1', baseResourceVersion: '5', base: svc('5'), savedAt: '2026-01-01T00:00:00.000Z' });
    expect(loadDraft(s, { ...ref, cluster: 'other' })?.text).toBe('b: 2');
    expect(loadDraft(s, { ...ref, name: 'api' })).toBeUndefined();
    expect(draftKey({ ...ref, name: '' })).toContain('(new)');
  });

  it('discards a draft', () => {
    const s = new MemoryStorage();
    saveDraft(s, ref, { text: 'a: 1' });
    discardDraft(s, ref);
    expect(loadDraft(s, ref)).toBeUndefined();
  });

  it('ignores a corrupt entry and survives a refusing storage', () => {
    const s = new MemoryStorage();
    s.setItem(draftKey(ref), '{not json');
    expect(loadDraft(s, ref)).toBeUndefined();
    s.setItem(draftKey(ref), JSON.stringify({ text: 5 }));
    expect(loadDraft(s, ref)).toBeUndefined();
    const full: DraftStorage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    expect(saveDraft(full, ref, { text: 'x' })).toBe(false);
  });

  it('detects a stale base', () => {
    const s = new MemoryStorage();
    saveDraft(s, ref, { text: 'a', baseResourceVersion: '5' });
    const d = loadDraft(s, ref)!;
    expect(isDraftStale(d, svc('5'))).toBe(false);
    expect(isDraftStale(d, svc('9'))).toBe(true);
    expect(isDraftStale(d, null)).toBe(false);
  });
});
