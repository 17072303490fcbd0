import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject, ServiceList } from '../../../lib/k8s/types';
import type { StreamEvents } from '../../../lib/live/protocol';
import { realCluster } from '../../support/cluster-kind';
import { asContext, sseReader, startAppStack, type AppStack, type SseEvent } from './stack';

let stack: AppStack;
const NS = 'it-watch';

beforeAll(async () => {
  // A short watch history, so an old resourceVersion expires quickly (410 Gone); a real server's
  // resync here comes from Porthole's cache all the same.
  stack = await startAppStack({ clusterArgs: realCluster ? [] : ['--history-size', '5'] });
  await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
});

afterAll(async () => {
  await stack?.stop();
});

const create = (name: string) =>
  stack.kube('POST', `/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { ports: [{ port: 80 }] } });

type Ev = SseEvent;
const named = (events: Ev[], event: string) => events.filter((e) => e.event === event);
const changeOf = (e: Ev) => e.data as StreamEvents['change'];

describe('the watch stream', () => {
  it('multiplexes several watches, starting without a resourceVersion from a fresh list', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${stack.url}/api/watch?watch=services:${NS}&watch=namespaces:all`, { signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await sseReader(res).until((ev) => named(ev, 'resync').length === 2 && named(ev, 'state').length >= 2);
    const ids = named(events, 'resync').map((e) => (e.data as StreamEvents['resync']).id).sort();
    expect(ids).toEqual(['namespaces:all', `services:${NS}`]);
    ctrl.abort();
  });

  it('a tab resuming from a resourceVersion the server cannot replay from gets a resync with the current list, and keeps streaming', async () => {
    // A write elsewhere first, so the resourceVersion below is none of this watch's events.
    await stack.kube('POST', '/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'it-watch-elsewhere' }, spec: { ports: [{ port: 80 }] } });
    const list = (await (await stack.kube('GET', `/api/v1/namespaces/${NS}/services`)).json()) as ServiceList;
    const oldRv = list.metadata.resourceVersion!;
    // Move the history well past oldRv (the upstream's own forced 410 is in watch-fanout.test.ts).
    for (let i = 0; i < 12; i++) expect((await create(`gone-${i}`)).status).toBe(201);

    const ctrl = new AbortController();
    const res = await fetch(`${stack.url}/api/watch?watch=${encodeURIComponent(`services:${NS}@${oldRv}`)}`, { signal: ctrl.signal });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    // The resync comes from Porthole's cache, which may trail the API server by events in flight:
    // those follow as changes.
    const seen = (ev: Ev[]): string[] => [
      ...named(ev, 'resync').flatMap((e) => (e.data as StreamEvents['resync']).list.items.map((o: KubeObject) => o.metadata.name!)),
      ...named(ev, 'change').map((e) => changeOf(e).object.metadata.name!),
    ];
    const afterResync = await stream.until(
      (ev) => named(ev, 'resync').length === 1 && named(ev, 'state').some((s) => (s.data as StreamEvents['state']).state === 'live') && seen(ev).includes('gone-11'),
    );
    const resync = named(afterResync, 'resync')[0].data as StreamEvents['resync'];
    expect(resync.id).toBe(`services:${NS}`);
    const firstChange = afterResync.findIndex((e) => e.event === 'change');
    if (firstChange >= 0) expect(afterResync.findIndex((e) => e.event === 'resync')).toBeLessThan(firstChange);
    for (let i = 0; i < 12; i++) expect(seen(afterResync)).toContain(`gone-${i}`);

    // Still streaming after the resync.
    expect((await create('after-gone')).status).toBe(201);
    const more = await stream.until((ev) => ev.some((e) => e.event === 'change' && changeOf(e).object.metadata.name === 'after-gone'));
    const added = more.find((e) => e.event === 'change')!;
    expect(changeOf(added)).toMatchObject({ id: `services:${NS}`, type: 'ADDED' });
    ctrl.abort();
  });

  it('resumes from a resourceVersion the stream gave without a resync', async () => {
    const first = new AbortController();
    const initial = await fetch(`${stack.url}/api/watch?watch=services:${NS}`, { signal: first.signal });
    const opened = await sseReader(initial).until((ev) => named(ev, 'resync').length === 1);
    const rv = (named(opened, 'resync')[0].data as StreamEvents['resync']).list.resourceVersion;
    first.abort();
    const ctrl = new AbortController();
    const res = await fetch(`${stack.url}/api/watch?watch=${encodeURIComponent(`services:${NS}@${rv}`)}`, { signal: ctrl.signal });
    const stream = sseReader(res);
    await stream.until((ev) => named(ev, 'state').length > 0);
    expect((await stack.kube('DELETE', `/api/v1/namespaces/${NS}/services/after-gone`)).status).toBe(200);
    const events = await stream.until((ev) => ev.some((e) => e.event === 'change'));
    expect(named(events, 'resync')).toHaveLength(0);
    expect(changeOf(named(events, 'change')[0])).toMatchObject({ type: 'DELETED', object: { metadata: { name: 'after-gone' } } });
    ctrl.abort();
  });

  it('reports a watch the identity may not do as a failure with the Status', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${stack.url}/api/watch?watch=services:all`, {
      signal: ctrl.signal,
      headers: asContext('porthole-editor'),
    });
    const events = await sseReader(res).until((ev) => named(ev, 'failure').length > 0);
    const failure = named(events, 'failure')[0].data as StreamEvents['failure'];
    expect(failure.status).toMatchObject({ kind: 'Status', code: 403, reason: 'Forbidden' });
    ctrl.abort();
  });
});
