/**
 * The streamed Service list (`/api/service-rows`, `Accept: text/x-ndjson`) over HTTP: Porthole
 * lists the API server in pages and streams each page's rows as it arrives; the list and the live
 * updates that follow it (a watch from the list's resourceVersion) lose and duplicate nothing when
 * Services are created, changed and deleted while the list is still streaming in, and a list whose
 * continue token expires mid-way starts over (a reset line) and still ends exactly right.
 *
 * Pages of 5 Services (PORTHOLE_LIST_PAGE_SIZE) over 2,500 (`--scale`): the list takes hundreds of
 * upstream requests, so the writes made after the first rows arrive land while it is being listed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Service, ServiceList } from '../../../lib/k8s/types';
import type { StreamEvents } from '../../../lib/live/protocol';
import type { ListedService } from '../../../lib/service-list/projection';
import { ROW_STREAM_CONTENT_TYPE, RowStreamAssembler, type RowStreamLine } from '../../../lib/service-list/row-stream';
import { LineSplitter } from '../../../lib/text/lines';
import { clusterMetric, openSse } from '../../support/sse-client';
import { realCluster } from '../../support/cluster-kind';
import { startAppStack, type AppStack } from './stack';

const NS = 'scale-01';
const HISTORY = 40;
/** Porthole drops an informer this long after its last tab: each test then lists from the API server again. */
const GRACE_MS = 1500;
/** Porthole dropped its informer (grace period over): the cluster sees no watch of Services left. Polled. */
const informerGone = (): Promise<void> =>
  vi.waitFor(async () => expect(await clusterMetric(stack.cluster.url, stack.cluster.tokens.admin, 'apiserver_longrunning_requests', { verb: 'WATCH', resource: 'services' })).toBe(0), {
    timeout: 60_000,
    interval: 100,
  });
let stack: AppStack;

beforeAll(async () => {
  if (realCluster) return;
  stack = await startAppStack({ clusterArgs: ['--scale', '2500', '--history-size', String(HISTORY)], env: { PORTHOLE_LIST_PAGE_SIZE: '5', PORTHOLE_WATCH_CACHE_GRACE_MS: String(GRACE_MS) } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

interface Streamed {
  lines: RowStreamLine[];
  list: RowStreamAssembler;
  /** The end line has arrived. */
  ended: boolean;
}

/** Reads the stream; `afterFirst` runs once the first rows are in (the rest keeps being read meanwhile). */
async function readStream(res: Response, afterFirst: () => Promise<void>): Promise<{ streamed: Streamed; changesDoneBeforeEnd: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const splitter = new LineSplitter();
  const streamed: Streamed = { lines: [], list: new RowStreamAssembler(), ended: false };
  let changes: Promise<boolean> | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const text of splitter.push(decoder.decode(value, { stream: true }))) {
      const line = JSON.parse(text) as RowStreamLine;
      streamed.lines.push(line);
      streamed.list.accept(line);
      if (line.kind === 'ServiceRowEnd') streamed.ended = true;
      // Whether the list was still streaming when the changes were done (no clock: the order of the two).
      changes ??= afterFirst().then(() => !streamed.ended);
    }
  }
  return { streamed, changesDoneBeforeEnd: await (changes ?? Promise.resolve(false)) };
}

const keyOf = (s: { metadata: { namespace?: string; name?: string } }) => `${s.metadata.namespace}/${s.metadata.name}`;
const scaleName = (i: number) => `svc-${String(i).padStart(6, '0')}`;

async function truth(): Promise<Map<string, string>> {
  const list = (await (await stack.kube('GET', `/api/v1/namespaces/${NS}/services`)).json()) as ServiceList;
  return new Map(list.items.map((s) => [keyOf(s), s.metadata.resourceVersion ?? '']));
}

/**
 * Follows the list with the tab's watch from its resourceVersion, as the browser does, until the
 * picture equals the API server's; fails on an ADDED for a row already there or a DELETED/MODIFIED
 * for one that is not (a duplicate or a lost row).
 */
async function followUntilTrue(items: ListedService[], rv: string): Promise<Map<string, string>> {
  const rows = new Map(items.map((s) => [keyOf(s), s.metadata.resourceVersion ?? '']));
  expect(rows.size).toBe(items.length); // no duplicate in the list itself
  const want = await truth();
  const sse = await openSse(`${stack.url}/api/watch?watch=${encodeURIComponent(`services:${NS}:v=rows@${rv}`)}`);
  try {
    const same = () => rows.size === want.size && [...want].every(([k, v]) => rows.get(k) === v);
    await sse.waitFor((events) => {
      rows.clear();
      for (const s of items) rows.set(keyOf(s), s.metadata.resourceVersion ?? '');
      for (const e of events) {
        if (e.event === 'resync') throw new Error('the watch had to resync: the list resourceVersion was not usable');
        if (e.event !== 'change') continue;
        const c = e.data as StreamEvents['change'];
        const key = keyOf(c.object);
        if (c.type === 'ADDED' && rows.has(key)) throw new Error(`duplicate: ADDED ${key}, already listed`);
        if (c.type !== 'ADDED' && !rows.has(key)) throw new Error(`lost: ${c.type} ${key}, never listed`);
        if (c.type === 'DELETED') rows.delete(key);
        else rows.set(key, c.object.metadata.resourceVersion ?? '');
      }
      return same();
    }, 20_000);
  } finally {
    sse.close();
  }
  return rows;
}

const svc = (name: string, labels: Record<string, string> = {}): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: NS, labels },
  spec: { clusterIP: 'None', ports: [{ port: 80 }] },
});

describe.skipIf(realCluster)('/api/service-rows as a stream (embedded-only: --scale writes 2,500 Services in one transaction)', () => {
  it('streams the rows of each upstream page as it arrives; a plain JSON request still gets one document', async () => {
    const res = await fetch(`${stack.url}/api/service-rows?namespace=${NS}`, { headers: { Accept: ROW_STREAM_CONTENT_TYPE } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(ROW_STREAM_CONTENT_TYPE);
    expect(res.headers.get('x-porthole-cache')).toBe('miss');
    const { streamed } = await readStream(res, async () => undefined);
    const chunks = streamed.lines.filter((l) => l.kind === 'ServiceRowList');
    expect(chunks.length).toBe(500); // one line per page of 5
    expect(chunks[0].items).toHaveLength(5);
    expect(chunks[0].remaining).toBe(2495);
    const list = streamed.list.result();
    expect(list.items).toHaveLength(2500);
    expect(list.items[0].metadata.name).toBe(scaleName(0));
    const json = await fetch(`${stack.url}/api/service-rows?namespace=${NS}`);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(((await json.json()) as { items: unknown[] }).items).toHaveLength(2500);
  });

  it('writes while the list streams in: the list and the watch from its resourceVersion end exactly right', async () => {
    await informerGone();
    const res = await fetch(`${stack.url}/api/service-rows?namespace=${NS}`, { headers: { Accept: ROW_STREAM_CONTENT_TYPE } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-porthole-cache')).toBe('miss');
    const { streamed, changesDoneBeforeEnd } = await readStream(res, async () => {
      // One Service of the first page (already streamed) and one of the last (not yet) deleted, one of a
      // later page changed, two created (one sorting first, one last).
      for (const name of [scaleName(1), scaleName(2490)]) expect((await stack.kube('DELETE', `/api/v1/namespaces/${NS}/services/${name}`)).status).toBe(200);
      const changed = (await (await stack.kube('GET', `/api/v1/namespaces/${NS}/services/${scaleName(2000)}`)).json()) as Service;
      changed.metadata.labels = { ...changed.metadata.labels, changed: 'while-listing' };
      expect((await stack.kube('PUT', `/api/v1/namespaces/${NS}/services/${scaleName(2000)}`, changed)).status).toBe(200);
      for (const name of ['aaa-added-while-listing', 'zzz-added-while-listing']) expect((await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, svc(name))).status).toBe(201);
    });
    expect(changesDoneBeforeEnd).toBe(true); // the writes happened while it was listing
    const list = streamed.list.result();
    // The list is one snapshot, from before the writes: all 2,500 as they were, none of the new ones.
    expect(list.items).toHaveLength(2500);
    expect(list.items.map((s) => s.metadata.name)).not.toContain('zzz-added-while-listing');
    const final = await followUntilTrue(list.items, list.resourceVersion);
    expect(final.has(`${NS}/${scaleName(1)}`)).toBe(false);
    expect(final.has(`${NS}/zzz-added-while-listing`)).toBe(true);
  });

  it('a continue token that expires mid-list (the history moved on) restarts the list: a reset, then the right rows', async () => {
    await informerGone();
    const res = await fetch(`${stack.url}/api/service-rows?namespace=${NS}`, { headers: { Accept: ROW_STREAM_CONTENT_TYPE } });
    expect(res.status).toBe(200);
    const { streamed } = await readStream(res, async () => {
      // More writes than the cluster keeps events for: the first page's resourceVersion leaves the history.
      for (let i = 0; i < HISTORY + 10; i++) expect((await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, svc(`churn-${i}`))).status).toBe(201);
    });
    const reset = streamed.lines.findIndex((l) => l.kind === 'ServiceRowReset');
    expect(reset).toBeGreaterThan(0);
    const list = streamed.list.result();
    expect(new Set(list.items.map(keyOf)).size).toBe(list.items.length);
    await followUntilTrue(list.items, list.resourceVersion);
  });
});
