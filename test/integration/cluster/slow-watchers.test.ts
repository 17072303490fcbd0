/**
 * Watchers that never read (issue 12, item 8): each watcher's send queue is bounded, a watcher that
 * falls behind is ended (as kube-apiserver's cacheWatcher does) and the cluster's memory stays flat,
 * while a watcher that reads keeps every event.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { streamLines } from '../../../lib/text/lines';

const NS = 'default';
const NAME = 'fat';
const STALLED = 20;
const PATCHES = 130;
const ANNOTATION_BYTES = 200 * 1024;
/** The queue bound the cluster runs with here (the default is 10Mi; the mechanism is the same). */
const QUEUE = '2Mi';

let cluster: TestCluster;

function residentMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'NaN');
  return kb / 1024;
}

async function request(method: string, path: string, body: unknown, contentType = 'application/json'): Promise<number> {
  const res = await fetch(`${cluster.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': contentType },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

interface StalledWatch {
  socket: Socket;
  /** Starts reading; resolves when the response has ended (last chunk, or the connection closed). */
  drain(): Promise<void>;
}

/** A raw HTTP watch that reads nothing after its response head: its socket is paused at once. */
function stalledWatch(token: string, rv: string): Promise<StalledWatch> {
  return new Promise((resolve, reject) => {
    const socket = connect(cluster.port, '127.0.0.1', () => {
      socket.write(
        `GET /api/v1/namespaces/${NS}/services?watch=1&resourceVersion=${rv} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      socket.once('data', (head: Buffer) => {
        expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 200/);
        socket.pause();
        resolve({ socket, drain });
      });
    });
    const ended = new Promise<void>((done) => {
      let tail = '';
      socket.on('data', (chunk: Buffer) => {
        tail = (tail + chunk.toString('latin1')).slice(-5);
        if (tail === '0\r\n\r\n') done();
      });
      socket.once('close', () => done());
    });
    const drain = (): Promise<void> => {
      socket.resume();
      return ended;
    };
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** A watch that reads everything; counts MODIFIED events of NAME. */
function readingWatch(rv: string): { modified: () => number; stop: () => void; ended: Promise<boolean> } {
  const controller = new AbortController();
  let modified = 0;
  const ended = (async (): Promise<boolean> => {
    const res = await fetch(`${cluster.url}/api/v1/namespaces/${NS}/services?watch=1&resourceVersion=${rv}`, {
      headers: { Authorization: `Bearer ${cluster.tokens.viewer}` },
      signal: controller.signal,
    });
    try {
      for await (const line of streamLines(res.body!)) if (line.startsWith('{"type":"MODIFIED"')) modified++;
      return true;
    } catch {
      return false;
    }
  })();
  return { modified: () => modified, stop: () => controller.abort(), ended };
}

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true, args: ['--watch-queue-bytes', QUEUE] });
});

afterAll(async () => {
  await cluster?.stop();
});

describe('watchers that never read', () => {
  it('are ended once their queue is full, and the cluster memory stays bounded', async () => {
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: NAME }, spec: { ports: [{ port: 80 }] } };
    expect(await request('POST', `/api/v1/namespaces/${NS}/services`, service)).toBe(201);
    const list = (await (await fetch(`${cluster.url}/api/v1/namespaces/${NS}/services`, { headers: { Authorization: `Bearer ${cluster.tokens.viewer}` } })).json()) as {
      metadata: { resourceVersion: string };
    };
    const rv = list.metadata.resourceVersion;
    const before = residentMiB(cluster.pid);

    // A read-only identity is enough to open them.
    const stalled = await Promise.all(Array.from({ length: STALLED }, () => stalledWatch(cluster.tokens.viewer, rv)));
    const reader = readingWatch(rv);
    for (let i = 0; i < PATCHES; i++) {
      const patch = { metadata: { annotations: { blob: String(i % 10).repeat(ANNOTATION_BYTES) } } };
      expect(await request('PATCH', `/api/v1/namespaces/${NS}/services/${NAME}`, patch, 'application/merge-patch+json')).toBe(200);
    }
    const after = residentMiB(cluster.pid);
    // 20 watchers x 130 events x 200 KB is 520 MB written; bounded queues hold at most 20 x 2 MiB.
    // Measured: about +85 MiB with no watcher at all (history, heap), about +160 MiB with the bound,
    // about +540 MiB without it.
    expect(after - before).toBeLessThan(250);

    // Every stalled watcher was ended by the server: once read, each response ends.
    const allEnded = Promise.all(stalled.map((w) => w.drain())).then(() => true);
    const verdict = await Promise.race([allEnded, new Promise<boolean>((r) => setTimeout(() => r(false), 15_000))]);
    expect(verdict).toBe(true);
    for (const { socket } of stalled) socket.destroy();

    // The watcher that reads got every event and is still open.
    await expect.poll(() => reader.modified(), { timeout: 10_000 }).toBe(PATCHES);
    const stillOpen = await Promise.race([reader.ended.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 200))]);
    expect(stillOpen).toBe(true);
    reader.stop();
  }, 60_000);
});
