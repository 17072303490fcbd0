/**
 * Connection deadlines and the connection cap (issue 12, item 9), with small values so the test is
 * quick: slow headers (Slowloris), silent connections, slow TLS handshakes, slow bodies and idle
 * keep-alive connections are closed; connections over the cap are refused; a watch outlives the
 * request deadline.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

const HEADERS_MS = 500;
const REQUEST_MS = 1000;
const KEEP_ALIVE_MS = 700;
const MAX_CONNECTIONS = 6;
/** A deadline plus the checker's period and scheduling slack. */
const SLACK_MS = 1500;

let cluster: TestCluster;

interface RawConnection {
  socket: Socket;
  /** Everything received so far (latin1). */
  received: () => string;
  /** Milliseconds from connect to close, once closed. */
  closed: Promise<number>;
}

function open(): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect(cluster.port, '127.0.0.1', () => resolve({ socket, received: () => received, closed }));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** Resolves true if the connection closes within `ms`. */
function closesWithin(conn: RawConnection, ms: number): Promise<boolean> {
  return Promise.race([conn.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function watchRequest(query = ''): string {
  return `GET /api/v1/namespaces/default/services?watch=1${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${cluster.tokens.admin}\r\n\r\n`;
}

beforeAll(async () => {
  cluster = await startTestCluster({
    empty: true,
    args: ['--headers-timeout', `${HEADERS_MS}ms`, '--request-timeout', `${REQUEST_MS}ms`, '--keep-alive-timeout', `${KEEP_ALIVE_MS}ms`, '--max-connections', String(MAX_CONNECTIONS)],
  });
});

afterAll(async () => {
  await cluster?.stop();
});

describe('connection deadlines', () => {
  it('closes connections whose headers trickle in (Slowloris), and silent ones', async () => {
    const slow = await Promise.all([open(), open(), open()]);
    const timers = slow.map((c) => {
      c.socket.write('GET /api/v1/namespaces HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      return setInterval(() => c.socket.write('X'), 100);
    });
    const silent = await open();
    try {
      const verdicts = await Promise.all([...slow, silent].map((c) => closesWithin(c, HEADERS_MS + SLACK_MS)));
      expect(verdicts).toEqual([true, true, true, true]);
      // node answers a header timeout with 408 before closing.
      for (const c of slow) expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      timers.forEach(clearInterval);
    }
  });

  it('closes a TLS connection whose handshake does not finish', async () => {
    const conn = await open();
    conn.socket.write(Buffer.from([0x16, 0x03, 0x01])); // the start of a ClientHello, then nothing
    expect(await closesWithin(conn, HEADERS_MS + SLACK_MS)).toBe(true);
  });

  it('closes a request whose body does not arrive within the request deadline', async () => {
    const conn = await open();
    conn.socket.write(
      `POST /api/v1/namespaces/default/services HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${cluster.tokens.admin}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"kind":`,
    );
    const trickle = setInterval(() => conn.socket.write(' '), 100);
    try {
      expect(await closesWithin(conn, REQUEST_MS + SLACK_MS)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes an idle keep-alive connection after its deadline, not before', async () => {
    const conn = await open();
    conn.socket.write(`GET /api/v1/namespaces/default HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${cluster.tokens.admin}\r\n\r\n`);
    await expect.poll(() => conn.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*"kind":"Namespace"/);
    const answered = Date.now();
    expect(await closesWithin(conn, KEEP_ALIVE_MS + SLACK_MS)).toBe(true);
    expect(Date.now() - answered).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
  });

  it('keeps a watch open past the request and keep-alive deadlines', async () => {
    const conn = await open();
    conn.socket.write(watchRequest('&timeoutSeconds=10'));
    await expect.poll(() => conn.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(await closesWithin(conn, REQUEST_MS + KEEP_ALIVE_MS + 1000)).toBe(false);
    const res = await fetch(`${cluster.url}/api/v1/namespaces/default/services`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/json', Connection: 'close' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'late' }, spec: { ports: [{ port: 80 }] } }),
    });
    expect(res.status).toBe(201);
    await expect.poll(() => conn.received()).toContain('"type":"ADDED"');
    conn.socket.destroy();
  });
});

describe('connection cap', () => {
  it(`refuses connections beyond ${MAX_CONNECTIONS} and accepts again once one closes`, async () => {
    // Connections of the earlier tests are gone after their deadlines.
    await sleep(KEEP_ALIVE_MS + 500);
    const watches: RawConnection[] = [];
    for (let i = 0; i < MAX_CONNECTIONS; i++) {
      const conn = await open();
      conn.socket.write(watchRequest());
      await expect.poll(() => conn.received()).toMatch(/^HTTP\/1\.1 200/);
      watches.push(conn);
    }
    const refused = await open();
    expect(await closesWithin(refused, 1000)).toBe(true);
    expect(refused.received()).toBe('');
    for (const w of watches) expect(await closesWithin(w, 0)).toBe(false);

    watches[0].socket.destroy();
    await watches[0].closed;
    await sleep(100);
    const accepted = await open();
    accepted.socket.write(watchRequest());
    await expect.poll(() => accepted.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const c of [accepted, ...watches]) c.socket.destroy();
  });
});
