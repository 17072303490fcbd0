/**
 * Proxy mode's front door (see lib/server/auth-mode-proxy.ts for why): a tiny HTTP proxy on
 * Porthole's public address that passes every request to the Next server on an internal loopback
 * port, after
 *  - removing any client copy of the peer headers, and stamping the socket's address with the
 *    per-process secret, so the Next server knows which address really sent the request;
 *  - removing the user/group headers when that address is not a trusted proxy, and logging it.
 * Responses (the watch stream included) are piped through as they come. Protocol upgrades are
 * refused (Porthole serves none).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthConfig } from './auth-mode';
import { addressTrusted, normalizeAddress, PEER_HEADER, PEER_PROOF_HEADER } from './auth-mode-proxy';

export interface Front {
  port: number;
  close(): Promise<void>;
}

export interface FrontOptions {
  host: string;
  port: number;
  /** The Next server's loopback port. */
  targetPort: number;
  config: AuthConfig;
  log?: (line: string) => void;
}

/** Request headers for the Next server: raw header pairs (repeated X-Remote-Group lines kept) minus the ones the front owns. */
function forwardedHeaders(req: http.IncomingMessage, config: AuthConfig, trusted: boolean): { headers: [string, string][]; dropped: string[] } {
  const headers: [string, string][] = [];
  const dropped: string[] = [];
  const owned = new Set([PEER_HEADER, PEER_PROOF_HEADER]);
  const identity = new Set([config.userHeader, config.groupHeader]);
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    const lower = name.toLowerCase();
    if (owned.has(lower)) continue;
    if (identity.has(lower) && !trusted) {
      dropped.push(name);
      continue;
    }
    headers.push([name, req.rawHeaders[i + 1]]);
  }
  return { headers, dropped };
}

export function startFront(options: FrontOptions): Promise<Front> {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.warn(line));
  // Connections to the Next server are reused (each request carries its own stamp).
  const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 64 });
  const server = http.createServer((req, res) => {
    const peer = normalizeAddress(req.socket.remoteAddress ?? '');
    const trusted = addressTrusted(peer, config.trustedProxies);
    const { headers, dropped } = forwardedHeaders(req, config, trusted);
    if (dropped.length) {
      const names = [...new Set(dropped.map((d) => d.toLowerCase()))].join(', ');
      log(`porthole: ignored ${names} from ${peer || 'an unknown address'} (not in --trusted-proxies): ${req.method} ${(req.url ?? '').slice(0, 200)}`);
    }
    headers.push([PEER_HEADER, peer], [PEER_PROOF_HEADER, config.peerSecret ?? '']);
    const upstream = http.request(
      { host: '127.0.0.1', port: options.targetPort, method: req.method, path: req.url, headers: headers.flat(), agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
        res.on('close', () => answer.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Porthole is not reachable\n');
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('upgrade', (_req, socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise((r) => {
            agent.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}
