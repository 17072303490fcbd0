/**
 * An HTTP relay in front of the embedded cluster that records every request Porthole's server makes
 * upstream (method, path with query, headers), for tests that check what reaches the API server.
 * Porthole talks to it in plain HTTP; it talks to the cluster in plain HTTP (the embedded cluster
 * answers HTTP and TLS on one port) or, with `clusterTls` (a real kube-apiserver), over TLS.
 */
import http from 'node:http';
import https from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { writeRelayedKubeconfig } from './cuttable-proxy';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface RecordingRelay {
  port: number;
  /** A copy of `kubeconfigPath` whose servers point at the relay. */
  kubeconfigPath: string;
  requests: RecordedRequest[];
  /**
   * The next `count` requests whose path starts with `pathPrefix` are answered as API Priority and
   * Fairness rejects a request: 429 with Retry-After and kube-apiserver's TooManyRequests Status.
   */
  throttle(pathPrefix: string, count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

export async function startRecordingRelay(clusterPort: number, clusterKubeconfig: string, clusterTls = false): Promise<RecordingRelay> {
  const request = clusterTls ? https.request : http.request;
  const requests: RecordedRequest[] = [];
  const throttles: { prefix: string; left: number; after: number }[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } });
    const throttled = throttles.find((t) => t.left > 0 && (req.url ?? '').startsWith(t.prefix));
    if (throttled) {
      throttled.left -= 1;
      req.resume();
      const status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Too many requests, please try again later.', reason: 'TooManyRequests', details: { retryAfterSeconds: throttled.after }, code: 429 };
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(throttled.after) });
      res.end(JSON.stringify(status));
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: clusterPort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${clusterPort}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const work = mkdtempSync(join(tmpdir(), 'porthole-recorded-'));
  const kubeconfigPath = join(work, 'kubeconfig');
  writeRelayedKubeconfig(clusterKubeconfig, kubeconfigPath, clusterPort, port, true);
  return {
    port,
    kubeconfigPath,
    requests,
    throttle(prefix, count, after) {
      throttles.push({ prefix, left: count, after });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** A test cluster, a recording relay in front of it and a Porthole that reaches the cluster only through the relay. */
export interface RecordedStack {
  cluster: TestCluster;
  relay: RecordingRelay;
  porthole: PortholeServer;
  stop(): Promise<void>;
}

export async function startRecordedStack(opts: { empty?: boolean } = {}): Promise<RecordedStack> {
  const cluster = await startTestCluster({ empty: opts.empty });
  const relay = await startRecordingRelay(cluster.port, cluster.kubeconfigPath, cluster.url.startsWith('https:'));
  const porthole = await startPorthole({ kubeconfigPath: relay.kubeconfigPath });
  return {
    cluster,
    relay,
    porthole,
    async stop() {
      await porthole.stop();
      await relay.close();
      await cluster.stop();
    },
  };
}
