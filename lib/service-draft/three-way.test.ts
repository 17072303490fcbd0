import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { FULL_DRAFTS } from './switch-fixtures';
import { changedPaths, editableChanges, threeWayMerge } from './three-way';

function stored(): Service {
  const s = FULL_DRAFTS.NodePort();
  s.metadata.resourceVersion = '10';
  s.status = { loadBalancer: {} };
  return s;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const twoPorts: Service = {
  metadata: { name: 'web', labels: { a: '1' }, resourceVersion: '5' },
  spec: { type: 'ClusterIP', ports: [{ name: 'http', port: 80 }, { name: 'metrics', port: 9090 }], selector: { app: 'web' } },
};
const ports = (s: Service) => s.spec!.ports!;

describe('three-way merge: re-applying the form edits on top of the server', () => {
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
    expect(r.takenFromLive.sort()).toEqual(['metadata', 'spec.sessionAffinity']);
    expect(r.conflicts).toEqual([]);
  });

  it('reports a conflict with the three values where both changed the same field, and keeps mine', () => {
    const base = stored();
    const live = stored();
    live.metadata.resourceVersion = '12';
    live.spec!.selector = { app: 'live' };
    const mine = stored();
    mine.spec!.selector = { app: 'mine' };
    const r = threeWayMerge(base, live, mine);
    expect(r.merged.spec?.selector).toEqual({ app: 'mine' });
    expect(r.conflicts).toEqual([{ path: 'spec.selector.app', base: base.spec!.selector!.app, live: 'live', mine: 'mine' }]);
  });

  it('takes live status and managedFields; a key the server removed stays removed', () => {
    const base = stored();
    base.metadata.annotations = { a: '1', b: '2' };
    const live = stored();
    live.metadata.annotations = { a: '1' };
    live.metadata.managedFields = [{ manager: 'kubectl', operation: 'Update' }];
    live.status = { loadBalancer: { ingress: [{ ip: '172.18.255.3' }] } };
    const mine = stored();
    mine.metadata.annotations = { a: '1', b: '2', c: '3' };
    mine.status = { loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } };
    const r = threeWayMerge(base, live, mine);
    expect(r.merged.metadata.annotations).toEqual({ a: '1', c: '3' });
    expect(r.merged.metadata.managedFields).toEqual(live.metadata.managedFields);
    expect(r.merged.status).toEqual(live.status);
    expect(r.serverChanged).toEqual(['metadata.annotations.b']);
    expect(r.conflicts).toEqual([]);
  });

  it('when only the server changed anything, what it changed is what was taken', () => {
    const live = clone(twoPorts);
    live.metadata.labels = { a: '2' };
    const r = threeWayMerge(twoPorts, live, clone(twoPorts));
    expect(r.merged).toEqual(live);
    expect(r.takenFromLive).toEqual(['metadata.labels.a']);
  });
});

describe('three-way merge: field by field and named lists item by item (the YAML editor)', () => {
  it('takes non-overlapping changes from both sides', () => {
    const live = clone(twoPorts);
    live.metadata.labels = { a: '2' };
    const mine = clone(twoPorts);
    mine.spec!.type = 'NodePort';
    const r = threeWayMerge(twoPorts, live, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.metadata.labels).toEqual({ a: '2' });
    expect(r.merged.spec?.type).toBe('NodePort');
    expect(r.takenFromLive).toEqual(['metadata']);
  });

  it('marks different changes to the same field and keeps mine there', () => {
    const live = clone(twoPorts);
    live.spec!.type = 'LoadBalancer';
    const mine = clone(twoPorts);
    mine.spec!.type = 'NodePort';
    const r = threeWayMerge(twoPorts, live, mine);
    expect(r.conflicts).toEqual([{ path: 'spec.type', base: 'ClusterIP', live: 'LoadBalancer', mine: 'NodePort' }]);
    expect(r.merged.spec?.type).toBe('NodePort');
  });

  it('takes the same change on both sides once, without a conflict', () => {
    const live = clone(twoPorts);
    live.spec!.type = 'NodePort';
    const r = threeWayMerge(twoPorts, live, clone(live));
    expect(r.conflicts).toEqual([]);
    expect(r.merged.spec?.type).toBe('NodePort');
  });

  it('merges named list items (ports) item by item, not the whole list', () => {
    const live = clone(twoPorts);
    ports(live)[1].port = 9100; // metrics changed on the server
    const mine = clone(twoPorts);
    ports(mine)[0].port = 8080; // http changed by me
    ports(mine).push({ name: 'grpc', port: 9000 });
    const r = threeWayMerge(twoPorts, live, mine);
    expect(r.conflicts).toEqual([]);
    expect(r.merged.spec?.ports).toEqual([
      { name: 'http', port: 8080 },
      { name: 'metrics', port: 9100 },
      { name: 'grpc', port: 9000 },
    ]);
    expect(r.takenFromLive).toEqual(['spec.ports[1]']);
  });

  it('a conflict inside a named list item is reported at the item field, with its values', () => {
    const live = clone(twoPorts);
    ports(live)[1].port = 9100;
    const mine = clone(twoPorts);
    ports(mine)[1].port = 9200;
    const r = threeWayMerge(twoPorts, live, mine);
    expect(r.conflicts).toEqual([{ path: 'spec.ports[1].port', base: 9090, live: 9100, mine: 9200 }]);
    expect(ports(r.merged)[1].port).toBe(9200);
  });

  it('lists without unique names stay one value', () => {
    const live = clone(twoPorts);
    live.spec!.externalIPs = ['10.0.0.2'];
    const mine = clone(twoPorts);
    mine.spec!.externalIPs = ['10.0.0.3'];
    const r = threeWayMerge(twoPorts, live, mine);
    expect(r.conflicts).toEqual([{ path: 'spec.externalIPs', base: undefined, live: ['10.0.0.2'], mine: ['10.0.0.3'] }]);
  });

  it('a field removed on one side and unchanged on the other is removed', () => {
    const live = clone(twoPorts);
    delete live.spec!.selector;
    const r = threeWayMerge(twoPorts, live, clone(twoPorts));
    expect(r.merged.spec && 'selector' in r.merged.spec).toBe(false);
  });

  it('a field removed by one side and changed by the other is a conflict', () => {
    const live = clone(twoPorts);
    delete live.spec!.selector;
    const mine = clone(twoPorts);
    mine.spec!.selector = { app: 'api' };
    const r = threeWayMerge(twoPorts, live, mine);
    expect(r.conflicts.map((c) => c.path)).toEqual(['spec.selector']);
  });
});

describe('changed paths', () => {
  it('lists changed paths', () => {
    expect(changedPaths({ a: { b: 1, c: [1] } }, { a: { b: 2, c: [1, 2] }, d: 1 })).toEqual(['a.b', 'a.c', 'd']);
  });

  it('editable changes skip what the server owns', () => {
    const after = stored();
    after.metadata.resourceVersion = '11';
    after.status = { loadBalancer: { ingress: [{ ip: '172.18.255.3' }] } };
    after.spec!.sessionAffinity = 'ClientIP';
    expect(editableChanges(stored(), after)).toEqual(['spec.sessionAffinity']);
  });
});
