import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { FULL_DRAFTS } from './switch-fixtures';
import { changedPaths, threeWayMerge } from './three-way';

function stored(): Service {
  const s = FULL_DRAFTS.NodePort();
  s.metadata.resourceVersion = '10';
  s.status = { loadBalancer: {} };
  return s;
}

describe('three-way merge (base, live, mine)', () => {
  it('re-applies my edits on top of what the server changed meanwhile', () => {
    const base = stored();
    const live = stored();
    live.metadata.resourceVersion = '11';
    live.metadata.labels = { team: 'ops' };
    live.spec!.sessionAffinity = 'ClientIP';
    const mine = stored();
    mine.spec!.ports![0].port = 8080;
    mine.spec!.selector = { app: 'api' };
    const r = threeWayMerge(base, live, mine);
    expect(r.merged.metadata.resourceVersion).toBe('11');
    expect(r.merged.metadata.labels).toEqual({ team: 'ops' });
    expect(r.merged.spec?.sessionAffinity).toBe('ClientIP');
    expect(r.merged.spec?.ports?.[0].port).toBe(8080);
    expect(r.merged.spec?.selector).toEqual({ app: 'api' });
    expect(r.serverChanged.sort()).toEqual(['metadata.labels', 'spec.sessionAffinity']);
    expect(r.conflicts).toEqual([]);
  });

  it('reports a conflict where both changed the same field, and keeps mine', () => {
    const base = stored();
    const live = stored();
    live.metadata.resourceVersion = '12';
    live.spec!.selector = { app: 'live' };
    const mine = stored();
    mine.spec!.selector = { app: 'mine' };
    const r = threeWayMerge(base, live, mine);
    expect(r.merged.spec?.selector).toEqual({ app: 'mine' });
    expect(r.conflicts).toEqual(['spec.selector.app']);
  });

  it('takes live status and a key the server removed stays removed', () => {
    const base = stored();
    base.metadata.annotations = { a: '1', b: '2' };
    const live = stored();
    live.metadata.annotations = { a: '1' };
    live.status = { loadBalancer: { ingress: [{ ip: '172.18.255.3' }] } };
    const mine = stored();
    mine.metadata.annotations = { a: '1', b: '2', c: '3' };
    const r = threeWayMerge(base, live, mine);
    expect(r.merged.metadata.annotations).toEqual({ a: '1', c: '3' });
    expect(r.merged.status).toEqual(live.status);
    expect(r.serverChanged).toEqual(['metadata.annotations.b']);
  });

  it('lists changed paths', () => {
    expect(changedPaths({ a: { b: 1, c: [1] } }, { a: { b: 2, c: [1, 2] }, d: 1 })).toEqual(['a.b', 'a.c', 'd']);
  });
});
