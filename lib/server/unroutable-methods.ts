import http from 'node:http';
import type { Duplex } from 'node:stream';
import { failure } from '../k8s/status';
import { API_CSP, API_METHODS, COMMON_SECURITY_HEADERS } from './request-guard';

/**
 * TRACE and TRACK cannot become a fetch `Request` (the Fetch standard forbids them), so Next fails on
 * them with a plain-text 500 before proxy.ts or any route runs. They are answered here, on the HTTP
 * server itself, with the 405 every other unserved method gets (installed by instrumentation.ts through
 * http-server-hooks.ts). Protocol upgrades are refused there too.
 */
const FETCH_FORBIDDEN = new Set(['TRACE', 'TRACK']);

/** The headers every API answer carries (as proxy.ts and the route handlers send them). */
const ANSWER_HEADERS: Readonly<Record<string, string>> = { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store, no-transform' };

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  req.resume();
  const isApi = /^\/api(\/|\?|$)/.test(req.url ?? '');
  const headers = ANSWER_HEADERS;
  if (isApi) {
    const status = failure(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    res.writeHead(405, { ...headers, 'Content-Type': 'application/json', Allow: [...API_METHODS].join(', ') });
    res.end(JSON.stringify(status));
  } else {
    res.writeHead(405, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
    res.end(`the method ${req.method ?? ''} is not allowed here\n`);
  }
}

/**
 * Porthole never upgrades a connection (no WebSocket, exec, attach or port-forward reaches the API
 * server through it). Next would close such a socket without a word; this answers it with a 400
 * Status and closes. Next's own development server (`npm run dev`) keeps its hot-reload socket.
 */
export function refuseUpgrade(req: http.IncomingMessage, socket: Duplex): boolean {
  if (process.env.NODE_ENV !== 'production' && (req.url ?? '').startsWith('/_next/')) return false;
  const status = failure(400, 'BadRequest', 'Porthole does not upgrade connections (no WebSocket, exec, attach or port-forward)');
  const body = JSON.stringify(status);
  const headers: Record<string, string> = {
    ...ANSWER_HEADERS,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 400 Bad Request\r\n${head}\r\n${body}`);
  return true;
}

/** Answers TRACE and TRACK (true), or leaves the request to Next (false). */
export function answerFetchForbidden(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!req.method || !FETCH_FORBIDDEN.has(req.method.toUpperCase())) return false;
  answer(req, res);
  return true;
}
