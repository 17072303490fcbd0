import http from 'node:http';
import { failure } from '../k8s/status';
import { API_CSP, API_METHODS, COMMON_SECURITY_HEADERS } from './request-guard';

/**
 * TRACE and TRACK cannot become a fetch `Request` (the Fetch standard forbids them), so Next fails on
 * them with a plain-text 500 before proxy.ts or any route runs. They are answered here, on the HTTP
 * server itself, with the 405 every other unserved method gets (installed by instrumentation.ts).
 */
const FETCH_FORBIDDEN = new Set(['TRACE', 'TRACK']);
let installed = false;

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  req.resume();
  const isApi = /^\/api(\/|\?|$)/.test(req.url ?? '');
  const headers: Record<string, string> = { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store, no-transform' };
  if (isApi) {
    const status = failure(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    res.writeHead(405, { ...headers, 'Content-Type': 'application/json', Allow: [...API_METHODS].join(', ') });
    res.end(JSON.stringify(status));
  } else {
    res.writeHead(405, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
    res.end(`the method ${req.method ?? ''} is not allowed here\n`);
  }
}

export function refuseFetchForbiddenMethods(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  const guarded = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.method && FETCH_FORBIDDEN.has(req.method.toUpperCase())) {
        answer(req, res);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  };
  http.Server.prototype.emit = guarded as typeof emit;
}
