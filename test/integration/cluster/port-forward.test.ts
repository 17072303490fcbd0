/**
 * pods/portforward over WebSocket, driven with @kubernetes/client-node's PortForward (v4.channel.k8s.io):
 * the simulated pods' responders answer (HTTP names the pod, other ports echo), unready pods refuse,
 * deleted pods close their connections, the bounds hold, and RBAC decides like kube-apiserver v1.32
 * (the WebSocket upgrade is a GET: verb `get` on pods/portforward). The real lane has no kubelet, so
 * only the authorization tests run there.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreV1Api, KubeConfig, PortForward, type V1Pod } from '@kubernetes/client-node';
import type { WebSocket } from 'ws';
import { realCluster, startTestCluster, type TestCluster } from '../../support/start-cluster';

const IDLE_MS = 3000;
const MAX_BYTES = 256 * 1024;
const MAX_CONNECTIONS = 3;
const NS = 'demo';
const WEB = ['web-5f7d9c8b6-a1b2c', 'web-5f7d9c8b6-d3e4f'];
const SLOW = 'slow-start-69d8f7c5b-z1x2c';

let cluster: TestCluster;
let kc: KubeConfig;

function configFor(user: 'admin' | 'viewer' | 'editor'): KubeConfig {
  const c = new KubeConfig();
  c.loadFromFile(cluster.kubeconfigPath);
  c.setCurrentContext(`porthole-${user}`);
  return c;
}

/** Everything written to a stream, and a way to wait for some of it. */
class Collector extends PassThrough {
  text = '';
  constructor() {
    super();
    this.on('data', (chunk: Buffer) => {
      this.text += chunk.toString('utf8');
    });
  }
  async until(pred: (text: string) => boolean): Promise<string> {
    while (!pred(this.text)) await new Promise((r) => setTimeout(r, 20));
    return this.text;
  }
}

interface Forward {
  ws: WebSocket;
  input: PassThrough;
  out: Collector;
  err: Collector;
  closed: Promise<void>;
}

async function forward(pod: string, port: number, config: KubeConfig = kc): Promise<Forward> {
  const out = new Collector();
  const err = new Collector();
  const input = new PassThrough();
  const ws = (await new PortForward(config, true).portForward(NS, pod, [port], out, err, input)) as unknown as WebSocket;
  const closed = new Promise<void>((resolve) => {
    if (ws.readyState === ws.CLOSED) resolve();
    else ws.once('close', () => resolve());
  });
  return { ws, input, out, err, closed };
}

/** The status code and body of a port-forward upgrade request sent by hand (the Status of a refusal). */
function upgrade(path: string, token: string, headers: Record<string, string> = {}): Promise<{ code: number; body: string }> {
  const url = new URL(path, cluster.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      rejectUnauthorized: false,
      headers: {
        Authorization: `Bearer ${token}`,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Protocol': 'v4.channel.k8s.io',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ code: res.statusCode ?? 0, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForPods(core: CoreV1Api, names: string[]): Promise<void> {
  for (;;) {
    const pods = await core.listNamespacedPod({ namespace: NS });
    const phase = (n: string): string | undefined => pods.items.find((p: V1Pod) => p.metadata?.name === n)?.status?.phase;
    if (names.every((n) => phase(n) === 'Running')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  const args = realCluster ? [] : ['--pod-idle-timeout', `${IDLE_MS}ms`, '--pod-connection-bytes', String(MAX_BYTES), '--pod-max-connections', String(MAX_CONNECTIONS)];
  cluster = await startTestCluster({ args });
  kc = configFor('admin');
  if (!realCluster) await waitForPods(kc.makeApiClient(CoreV1Api), [...WEB, SLOW]);
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

describe('authorization (both lanes: the WebSocket upgrade GET is verb get on pods/portforward)', () => {
  it('refuses a user without get on pods/portforward with a 403 Status', async () => {
    const r = await upgrade(`/api/v1/namespaces/${NS}/pods/${WEB[0]}/portforward?ports=8080`, cluster.tokens.editor);
    expect(r.code).toBe(403);
    expect(JSON.parse(r.body)).toMatchObject({
      kind: 'Status',
      reason: 'Forbidden',
      message: `pods "${WEB[0]}" is forbidden: User "editor" cannot get resource "pods/portforward" in API group "" in the namespace "${NS}"`,
    });
  });

  it('lets the viewer through (get on every core resource covers pods/portforward on v1.32)', async () => {
    const r = await upgrade(`/api/v1/namespaces/${NS}/pods/${WEB[0]}/portforward?ports=8080`, cluster.tokens.viewer);
    expect(r.code).not.toBe(403);
    expect(r.code).not.toBe(401);
  });

  it('client-node PortForward fails for the editor', async () => {
    await expect(forward(WEB[0], 8080, configFor('editor'))).rejects.toThrow(/403/);
  });
});

describe.skipIf(realCluster)('workloads that answer (embedded only: the real lane has no kubelet to forward to)', () => {
  it('reaches the HTTP responder of each web pod, which names itself', async () => {
    for (const pod of WEB) {
      const f = await forward(pod, 8080);
      f.input.write('GET /hello?x=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      const text = await f.out.until((t) => t.includes('}'));
      expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(text).toContain(`X-Porthole-Pod: ${pod}`);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toMatchObject({ pod, namespace: NS, port: 8080, request: 'GET /hello?x=1 HTTP/1.1' });
      expect(body.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      await f.closed;
      expect(f.err.text).toBe('');
    }
  });

  it('echoes on a non-HTTP port', async () => {
    const f = await forward('postgres-0', 5432);
    f.input.write('ping 1\n');
    expect(await f.out.until((t) => t.includes('ping 1\n'))).toBe('ping 1\n');
    f.ws.close();
    await f.closed;
  });

  it('writes connection refused on the error channel for an unready pod and for an undeclared port', async () => {
    const slow = await forward(SLOW, 8080);
    expect(await slow.err.until((t) => t.length > 0)).toMatch(/error forwarding port 8080 to pod slow-start-69d8f7c5b-z1x2c, uid [0-9a-f-]+: .*connection refused/);
    await slow.closed;
    const undeclared = await forward(WEB[0], 9999);
    expect(await undeclared.err.until((t) => t.length > 0)).toContain('dial tcp4 127.0.0.1:9999: connect: connection refused');
    await undeclared.closed;
  });

  it('answers 404 for a missing pod and refuses SPDY with a clear Status', async () => {
    const missing = await upgrade(`/api/v1/namespaces/${NS}/pods/nope/portforward?ports=80`, cluster.tokens.admin);
    expect(missing.code).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ reason: 'NotFound', message: 'pods "nope" not found' });
    const spdy = await upgrade(`/api/v1/namespaces/${NS}/pods/${WEB[0]}/portforward?ports=8080`, cluster.tokens.admin, { 'Sec-WebSocket-Protocol': 'SPDY/3.1+portforward.k8s.io' });
    expect(spdy.code).toBe(400);
    expect(JSON.parse(spdy.body).message).toMatch(/SPDY is not supported/);
    const noPort = await upgrade(`/api/v1/namespaces/${NS}/pods/${WEB[0]}/portforward`, cluster.tokens.admin);
    expect(noPort.code).toBe(400);
  });

  it('closes an open connection when its pod is deleted', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const pod = 'postgres-2';
    const f = await forward(pod, 5432);
    f.input.write('still here\n');
    await f.out.until((t) => t.includes('still here'));
    await core.deleteNamespacedPod({ name: pod, namespace: NS, gracePeriodSeconds: 0 });
    await f.closed;
    expect(f.ws.readyState).toBe(f.ws.CLOSED);
  });

  it('closes a connection past the byte bound and says so on the error channel', async () => {
    const f = await forward('postgres-0', 5432);
    f.input.write(Buffer.alloc(MAX_BYTES, 0x61));
    expect(await f.err.until((t) => t.length > 0)).toContain(`more than ${MAX_BYTES} bytes (--pod-connection-bytes)`);
    await f.closed;
  });

  it('closes an idle connection and says so on the error channel', async () => {
    const f = await forward('postgres-0', 5432);
    expect(await f.err.until((t) => t.length > 0)).toContain('(--pod-idle-timeout)');
    await f.closed;
  });

  it('refuses connections past the per-pod bound', async () => {
    const open = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => forward('postgres-1', 5432)));
    for (const f of open) {
      f.input.write('x');
      await f.out.until((t) => t === 'x');
    }
    const extra = await forward('postgres-1', 5432);
    expect(await extra.err.until((t) => t.length > 0)).toContain(`already has ${MAX_CONNECTIONS} connections (--pod-max-connections)`);
    await extra.closed;
    open.forEach((f) => f.ws.close());
    await Promise.all(open.map((f) => f.closed));
  });
});
