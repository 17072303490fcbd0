/**
 * One loopback port serving both plain HTTP and HTTPS: the first byte of each connection tells a TLS
 * handshake (0x16) from an HTTP request. Porthole and client-node may use http://; kubectl needs
 * https:// because client-go sends bearer tokens only over TLS.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { RequestHandler } from './server';
import type { ServingCertificate } from './self-signed';

const TLS_HANDSHAKE = 0x16;

export interface ApiListener {
  port: number;
  /** Stops accepting connections and closes open ones (watches included). */
  close(): Promise<void>;
}

export function listenApi(handler: RequestHandler, options: { port: number; host: string; certificate: ServingCertificate }): Promise<ApiListener> {
  const http = createHttpServer(handler);
  const https = createHttpsServer({ cert: options.certificate.cert, key: options.certificate.key }, handler);
  for (const s of [http, https]) s.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  const net = createNetServer((socket) => {
    // No Nagle: watch events are small writes that must leave at once (node:http does the same).
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? https : http).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
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
