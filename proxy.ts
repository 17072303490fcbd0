import { NextResponse, type NextRequest } from 'next/server';
import { failure } from './lib/k8s/status';
import type { Status } from './lib/k8s/types';
import { MAX_BODY_BYTES } from './lib/server/limits';
import { statusError } from './lib/k8s/status';
import { authGate } from './lib/server/auth-mode-gate';
import { authConfig } from './lib/server/auth-mode';
import { credentialHeaderProblem } from './lib/server/credential-headers';
import {
  API_CSP,
  API_METHODS,
  CLUSTER_HEADER,
  COMMON_SECURITY_HEADERS,
  NONCE_HEADER,
  PAGE_METHODS,
  PROBE_METHODS,
  PROBE_PATHS,
  crossOriginProblem,
  hostAllowed,
  hostPolicyFromEnv,
  hostRefusal,
  pageCsp,
  pathDecodes,
} from './lib/server/request-guard';

/**
 * Runs before every page, API route and the watch stream (lib/server/request-guard.ts says why):
 * lets probes (/healthz, /readyz, /metrics: GET only) through from any host; refuses hosts Porthole does not serve, cross-origin API requests, methods no route serves and
 * undecodable paths; gives pages a per-request CSP nonce (Next puts it on its own scripts) and every
 * answer the security headers.
 */
export function proxy(request: NextRequest): Response {
  const raw = new URL(request.url);
  const isApi = raw.pathname === '/api' || raw.pathname.startsWith('/api/');
  const refuse = (status: Status, text: string): Response => (isApi ? apiRefusal(status) : pageRefusal(status.code ?? 400, text));

  if (PROBE_PATHS.has(raw.pathname)) return probe(request.method);

  const host = request.headers.get('host');
  if (!hostAllowed(host, hostPolicyFromEnv(process.env, raw.port))) {
    const message = hostRefusal(host);
    return refuse(failure(403, 'Forbidden', message), message);
  }
  const methods = isApi ? API_METHODS : PAGE_METHODS;
  if (!methods.has(request.method)) {
    const message = `the method ${request.method} is not allowed here`;
    return refuse(failure(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'), message);
  }
  if (!pathDecodes(raw.pathname)) {
    const message = 'the request path has malformed percent-encoding';
    return refuse(failure(400, 'BadRequest', message), message);
  }
  // Sign-in modes (--auth token | proxy): no user → the sign-in page or a 401 (lib/server/auth-mode-gate.ts).
  const gate = authGate(request, isApi);
  if (gate.kind !== 'pass') {
    const res = gate.kind === 'signin' ? NextResponse.redirect(new URL(gate.location, request.url), 303) : refuse(gate.status, gate.status.message ?? 'Unauthorized');
    setHeaders(res.headers, COMMON_SECURITY_HEADERS);
    if (gate.setCookie) res.headers.append('Set-Cookie', gate.setCookie);
    return res;
  }
  if (isApi) {
    // Next holds a route until the whole body has arrived (it buffers a copy for the proxy): a declared
    // oversized body is refused here, at once.
    if (Number(request.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) return apiRefusal(statusError.tooLarge());
    const problem = crossOriginProblem(request.headers, raw.protocol.replace(':', ''));
    if (problem) return refuse(failure(403, 'Forbidden', problem), problem);
    // A bearer token in the request is never used (lib/server/credential-headers.ts): say so.
    const credential = credentialHeaderProblem(request.headers, authConfig().mode);
    if (credential) return apiRefusal(credential);
    const res = NextResponse.next();
    setHeaders(res.headers, { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP });
    if (gate.setCookie) res.headers.append('Set-Cookie', gate.setCookie);
    return res;
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const csp = pageCsp(nonce, process.env.NODE_ENV === 'development');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  // The cluster the page URL names, for the root layout (never one the browser sent as a header).
  const cluster = raw.searchParams.get('cluster');
  if (cluster) requestHeaders.set(CLUSTER_HEADER, encodeURIComponent(cluster));
  else requestHeaders.delete(CLUSTER_HEADER);
  const res = NextResponse.next({ request: { headers: requestHeaders } });
  setHeaders(res.headers, { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': csp });
  if (gate.setCookie) res.headers.append('Set-Cookie', gate.setCookie);
  return res;
}

/** Health, readiness and metrics: any Host (kubelet, Prometheus), GET/HEAD only, the API's headers. */
function probe(method: string): Response {
  if (!PROBE_METHODS.has(method)) {
    const res = pageRefusal(405, `the method ${method} is not allowed here`);
    res.headers.set('Allow', [...PROBE_METHODS].join(', '));
    return res;
  }
  const res = NextResponse.next();
  setHeaders(res.headers, { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP });
  return res;
}

function setHeaders(target: Headers, values: Record<string, string>): void {
  for (const [k, v] of Object.entries(values)) target.set(k, v);
}

function apiRefusal(status: Status): Response {
  const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store, no-transform', 'Content-Security-Policy': API_CSP });
  setHeaders(headers, COMMON_SECURITY_HEADERS);
  if (status.code === 405) headers.set('Allow', [...API_METHODS].join(', '));
  return new Response(JSON.stringify(status), { status: status.code ?? 400, headers });
}

function pageRefusal(code: number, text: string): Response {
  const headers = new Headers({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': API_CSP });
  setHeaders(headers, COMMON_SECURITY_HEADERS);
  if (code === 405) headers.set('Allow', [...PAGE_METHODS].join(', '));
  return new Response(`${text}\n`, { status: code, headers });
}

export const config = {
  // Static bundles are public build output with their own types (nosniff comes from next.config).
  matcher: ['/((?!_next/static|_next/image).*)'],
};
