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
  close(): Promise<void>;
}

export async function startRecordingRelay(clusterPort: number, clusterKubeconfig: string, clusterTls = false): Promise<RecordingRelay> {
  const request = clusterTls ? https.request : http.request;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } });
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
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}
