/**
 * One loopback port serving both plain HTTP and HTTPS: the first byte of each connection tells a TLS
 * handshake (0x16) from an HTTP request. Porthole and client-node may use http://; kubectl needs
 * https:// because client-go sends bearer tokens only over TLS.
 *
 * Connection limits (see ConnectionLimits): a cap on open connections, a deadline for the first
 * byte, the TLS handshake and the request headers (Slowloris), for the whole request, and for an idle
 * keep-alive connection. The node:http servers never listen themselves (they are handed sockets), so
 * their header/request timeout checker, which node starts on 'listening', is started here.
 */
import { createServer as createHttpServer, type Server as HttpServer, type ServerOptions } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { RequestHandler, UpgradeHandler } from './server';
import type { ServingCertificate } from './self-signed';

const TLS_HANDSHAKE = 0x16;

export interface ConnectionLimits {
  /** First byte, TLS handshake and complete request headers (kube-apiserver: ReadHeaderTimeout 32 s). */
  headersTimeoutMs: number;
  /**
   * Receiving the whole request, body included (kube-apiserver's --request-timeout is 60 s). Only the
   * request: a watch's response streams on for its own timeoutSeconds.
   */
  requestTimeoutMs: number;
  /** An idle keep-alive connection between requests (kube-apiserver: IdleTimeout 90 s). */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed at accept (below the common 1,024 file descriptor limit). */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 32_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 90_000,
  maxConnections: 1000,
};

function serverOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // node refuses a header deadline beyond the request deadline.
    requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often node looks for expired header/request deadlines: a fraction of the deadline.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** node starts its deadline checker when a server starts listening; these servers are handed sockets instead. */
function startDeadlineChecks(server: HttpServer): void {
  server.emit('listening');
}

export interface ApiListener {
  port: number;
  /** Stops accepting connections and closes open ones (watches included). */
  close(): Promise<void>;
}

export interface ListenOptions {
  port: number;
  host: string;
  certificate: ServingCertificate;
  limits?: Partial<ConnectionLimits>;
  /** Requests with `Connection: Upgrade` (pods/portforward); without, node:http closes them. */
  upgrade?: UpgradeHandler;
}

export function listenApi(handler: RequestHandler, options: ListenOptions): Promise<ApiListener> {
  const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  const http = createHttpServer(serverOptions(limits), handler);
  const https = createHttpsServer({ ...serverOptions(limits), cert: options.certificate.cert, key: options.certificate.key, handshakeTimeout: limits.headersTimeoutMs }, handler);
  startDeadlineChecks(http);
  startDeadlineChecks(https);
  if (options.upgrade) {
    http.on('upgrade', options.upgrade);
    https.on('upgrade', options.upgrade);
  }
  const sockets = new Set<Socket>();
  const net = createNetServer((socket) => {
    // No Nagle: watch events are small writes that must leave at once (node:http does the same).
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A connection that sends nothing is closed after the header deadline.
    const silent = (): void => {
      socket.destroy();
    };
    socket.setTimeout(limits.headersTimeoutMs, silent);
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.off('timeout', silent);
      socket.pause();
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? https : http).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  net.maxConnections = limits.maxConnections;
  return new Promise((resolve, reject) => {
    net.once('error', reject);
    net.listen(options.port, options.host, () => {
      net.off('error', reject);
      const port = (net.address() as AddressInfo).port;
      let closing: Promise<void> | undefined;
      resolve({
        port,
        close() {
          closing ??= new Promise<void>((done) => {
            net.close(() => done());
            // Stops node's deadline checkers (the servers themselves never listened).
            http.close();
            https.close();
            http.closeAllConnections();
            https.closeAllConnections?.();
            for (const s of sockets) s.destroy();
          });
          return closing;
        },
      });
    });
  });
}
