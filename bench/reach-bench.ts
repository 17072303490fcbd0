/**
 * Issue 20, reaching a Service: Try it on a Service with 20 endpoints (an embedded cluster with 20
 * ready pods whose responders answer HTTP), and one local port forward: throughput through it
 * (an echo port: bytes sent and echoed back) and the latency it adds per HTTP request compared to a
 * direct loopback connection to an HTTP server in this process answering the same way. Every figure
 * says the load average it was measured at (the machine is shared).
 */
import http from 'node:http';
import net from 'node:net';
import { loadavg } from 'node:os';
import { startTestCluster, type TestCluster } from '../test/support/start-cluster';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';
import type { ForwardView, TryLine } from '../lib/reach/wire';
import { percentile, result, type BenchResult } from './stats';
import { streamLines } from '../lib/text/lines';

const ENDPOINTS = 20;
const RUNS = Number(process.env.BENCH_REACH_RUNS ?? 10);
const REQUESTS = Number(process.env.BENCH_REACH_REQUESTS ?? 200);
const ECHO_MIB = 16;

const load = (): string => `load ${loadavg()[0].toFixed(1)}`;

async function kube(cluster: TestCluster, method: string, path: string, body?: object): Promise<Response> {
  return fetch(cluster.url + path, {
    method,
    headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function seed(cluster: TestCluster): Promise<void> {
  await kube(cluster, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'reach' } });
  const ports = [
    { name: 'http', containerPort: 8080 },
    { name: 'echo', containerPort: 9000 },
  ];
  await Promise.all(
    Array.from({ length: ENDPOINTS }, (_, i) =>
      kube(cluster, 'POST', '/api/v1/namespaces/reach/pods', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: `api-${i}`, labels: { app: 'api' } },
        spec: { containers: [{ name: 'main', image: 'example/api', ports }] },
      }),
    ),
  );
  await kube(cluster, 'POST', '/api/v1/namespaces/reach/services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'api' },
    spec: {
      selector: { app: 'api' },
      ports: [
        { name: 'http', port: 80, targetPort: 'http' },
        { name: 'echo', port: 9000, targetPort: 'echo' },
      ],
    },
  });
  // Wait until the EndpointSlice controller lists every pod as ready.
  for (let i = 0; i < 600; i++) {
    const res = await kube(cluster, 'GET', '/apis/discovery.k8s.io/v1/namespaces/reach/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dapi');
    const list = (await res.json()) as { items: { endpoints?: { conditions?: { ready?: boolean } }[] | null }[] };
    const ready = list.items.flatMap((s) => s.endpoints ?? []).filter((e) => e.conditions?.ready !== false).length;
    if (ready >= ENDPOINTS) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the ${ENDPOINTS} pods did not become ready endpoints`);
}

/** One Try-it run: ms from sending to each endpoint's result line, and to the end. */
async function tryRun(porthole: PortholeServer): Promise<{ perEndpoint: number[]; total: number; answered: number }> {
  const started = performance.now();
  const res = await fetch(`${porthole.url}/api/namespaces/reach/services/api/try`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: '/', port: 80 }),
  });
  if (res.status !== 200) throw new Error(`Try it answered ${res.status}: ${await res.text()}`);
  const perEndpoint: number[] = [];
  let answered = 0;
  for await (const text of streamLines(res.body!)) {
    const line = JSON.parse(text) as TryLine;
    if (line.type === 'result') {
      perEndpoint.push(performance.now() - started);
      if (line.result.connected && line.result.status === 200) answered++;
    }
  }
  return { perEndpoint, total: performance.now() - started, answered };
}

async function openForward(porthole: PortholeServer, port: number): Promise<ForwardView> {
  const res = await fetch(`${porthole.url}/api/namespaces/reach/services/api/forwards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ port }),
  });
  if (res.status !== 201) throw new Error(`forward answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ForwardView;
}

/** MiB/s of `mib` MiB written through one connection to an echo port and read back. */
function echoThroughput(port: number, mib: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const total = mib * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 7);
    let received = 0;
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => {
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!socket.write(chunk)) return socket.once('drain', pump);
        }
      };
      pump();
    });
    socket.on('data', (d: Buffer) => {
      received += d.length;
      if (received >= total) {
        socket.destroy();
        // Both directions went through the forward: bytes moved / time.
        resolve((2 * mib) / ((performance.now() - started) / 1000));
      }
    });
    socket.on('error', reject);
  });
}

/** Per-request ms of `count` sequential GETs, each on a new connection (as a browser tab opening a forward would). */
async function requestLatencies(url: string, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: false });
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http.get(url, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
    });
    out.push(performance.now() - started);
  }
  return out;
}

/** The baseline: an HTTP server on loopback in this process, answering like a pod's responder (its name and the request line, as JSON). */
function directResponder(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const body = `${JSON.stringify({ pod: 'direct', request: `${req.method} ${req.url} HTTP/${req.httpVersion}` }, null, 2)}\n`;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`, close: () => server.close() })),
  );
}

export async function benchReach(): Promise<BenchResult[]> {
  const cluster = await startTestCluster({ empty: true });
  let porthole: PortholeServer | undefined;
  try {
    await seed(cluster);
    porthole = await startPorthole({ kubeconfigPath: cluster.kubeconfigPath, env: { PORTHOLE_MAX_TRY_PER_IDENTITY: '4' } });
    await tryRun(porthole); // warm-up: compiles the route, opens the first connections
    const perEndpoint: number[] = [];
    const totals: number[] = [];
    let answered = 0;
    const tryLoad = load();
    for (let i = 0; i < RUNS; i++) {
      const run = await tryRun(porthole);
      perEndpoint.push(...run.perEndpoint);
      totals.push(run.total);
      answered += run.answered;
    }
    const forwardHttp = await openForward(porthole, 80);
    await requestLatencies(forwardHttp.url, 5);
    const direct = await directResponder();
    await requestLatencies(direct.url, 5);
    const latencyLoad = load();
    const viaForward = await requestLatencies(forwardHttp.url, REQUESTS);
    const viaDirect = await requestLatencies(direct.url, REQUESTS);
    direct.close();
    const forwardEcho = await openForward(porthole, 9000);
    const throughputLoad = load();
    const mibPerSecond = await echoThroughput(forwardEcho.localPort, ECHO_MIB);
    const added = percentile(viaForward, 50) - percentile(viaDirect, 50);
    const method = `${RUNS} runs after a warm-up, GET / through pods/portforward to ${ENDPOINTS} pods`;
    return [
      result(`Try it, ${ENDPOINTS} endpoints: answered (200) per run`, answered / RUNS, 'endpoints', { min: ENDPOINTS }, `${method}; ${tryLoad}`),
      result(`Try it, ${ENDPOINTS} endpoints: p95 per endpoint (request sent → its result line)`, percentile(perEndpoint, 95), 'ms', { max: 1000 }, `${method}; ${tryLoad}`),
      result(`Try it, ${ENDPOINTS} endpoints: p95 total (→ done line)`, percentile(totals, 95), 'ms', { max: 2000 }, `${method}; ${tryLoad}`),
      result(
        'forward: throughput through one forward',
        mibPerSecond,
        'MiB/s',
        { min: 10 },
        `${ECHO_MIB} MiB to an echo port and back on one connection (counted both ways); ${throughputLoad}`,
      ),
      result(
        'forward: added latency per request (median, new connection each)',
        added,
        'ms',
        { max: 20 },
        `${REQUESTS} sequential GETs via 127.0.0.1 forward (median ${percentile(viaForward, 50).toFixed(2)} ms) vs direct loopback HTTP server (median ${percentile(viaDirect, 50).toFixed(2)} ms); ${latencyLoad}`,
      ),
    ];
  } finally {
    await porthole?.stop();
    await cluster.stop();
  }
}
