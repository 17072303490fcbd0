/**
 * What a simulated pod's process answers on one declared TCP port: a loopback listener that either
 * answers HTTP (naming the pod, its IP and namespace, the port and the request line) or accepts and
 * echoes (any other port). See isHttpPort for the rule.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface PodIdentity {
  name: string;
  namespace: string;
  uid: string;
  ip: string;
}

const HTTP_NAME = /^(http|web|metrics)/i;
const HTTP_NUMBERS = new Set([80, 443, 3000, 8000, 8080, 8443]);

/** HTTP when the containerPort's name starts with http, web or metrics, or (whatever its name) it is 80, 443, 3000, 8000, 8080 or 8443; echo otherwise. */
export function isHttpPort(port: number, name: string | undefined): boolean {
  return HTTP_NAME.test(name ?? '') || HTTP_NUMBERS.has(port);
}

export interface Responder {
  /** The loopback port it listens on (127.0.0.1). */
  port: number;
  http: boolean;
  /** Stops listening and closes every open connection (the process exited). */
  close(): void;
}

const POD_HEADER = 'X-Porthole-Pod';

function answer(pod: PodIdentity, port: number, req: IncomingMessage, res: ServerResponse): void {
  const body = `${JSON.stringify({ pod: pod.name, namespace: pod.namespace, ip: pod.ip, port, request: `${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}` }, null, 2)}\n`;
  // The request body is read and dropped (an upload must not stall the connection).
  req.resume();
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), [POD_HEADER]: pod.name });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function echo(socket: Socket): void {
  socket.on('error', () => socket.destroy());
  socket.pipe(socket);
}

/** Starts the listener for `pod`'s `port` (named `name` in its containerPorts). */
export function startResponder(pod: PodIdentity, port: number, name: string | undefined): Promise<Responder> {
  const http = isHttpPort(port, name);
  const sockets = new Set<Socket>();
  const server: Server = http ? createHttpServer((req, res) => answer(pod, port, req, res)) : createNetServer(echo);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        http,
        close() {
          server.close();
          for (const s of sockets) s.destroy();
        },
      });
    });
  });
}
