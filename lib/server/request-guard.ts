/**
 * Checks every request passes before any route runs (proxy.ts), and the headers every response
 * carries. Pure functions over headers and environment values, so the proxy, the API pipeline and
 * unit tests share them.
 *
 * - Host: Porthole answers only to the hosts it serves. A DNS-rebinding page (evil.example resolving
 *   to 127.0.0.1) sends `Host: evil.example:<port>` and is refused.
 * - Origin: API requests from another site (Sec-Fetch-Site cross-site / same-site, `Origin: null`,
 *   an Origin whose scheme or host:port differs) are refused, reads included: Porthole acts with the
 *   kubeconfig's credentials. Requests with neither header (curl, scripts) are allowed.
 */

export interface HostPolicy {
  /** The port Porthole listens on. */
  port: string;
  /** The address bound with --host (PORTHOLE_HOST), e.g. 127.0.0.1, 0.0.0.0, 192.168.1.5. */
  bindHost?: string;
  /** --allowed-hosts / PORTHOLE_ALLOWED_HOSTS: `name` (any port) or `name:port`. */
  allowedHosts: string[];
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function hostPolicyFromEnv(env: Record<string, string | undefined>, fallbackPort: string): HostPolicy {
  return { port: env.PORT || fallbackPort, bindHost: env.PORTHOLE_HOST?.toLowerCase(), allowedHosts: parseAllowedHosts(env.PORTHOLE_ALLOWED_HOSTS) };
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** `name:port` of a Host header value, lowercased, with the port made explicit (80 when absent). */
function splitHost(value: string): { name: string; port: string } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.\-_]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!m) return undefined;
  return { name: m[1].toLowerCase(), port: m[2] ?? '80' };
}

const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** Whether Porthole serves this Host header value. */
export function hostAllowed(hostHeader: string | null, policy: HostPolicy): boolean {
  if (!hostHeader) return false;
  const host = splitHost(hostHeader);
  if (!host) return false;
  const samePort = host.port === policy.port;
  if (samePort && LOOPBACK.includes(host.name)) return true;
  const bind = policy.bindHost ? bracketed(policy.bindHost) : undefined;
  if (bind && samePort && host.name === bind) return true;
  // Bound to every interface: every IP literal reaches this machine. An IP cannot be re-bound by DNS, so
  // only names need to be listed.
  if (bind && WILDCARD.has(bind) && samePort && IP_LITERAL.test(host.name)) return true;
  for (const entry of policy.allowedHosts) {
    const allowed = splitHost(entry);
    if (!allowed || allowed.name !== host.name) continue;
    if (!/:\d+$/.test(entry) || allowed.port === host.port) return true;
  }
  return false;
}

export function hostRefusal(hostHeader: string | null): string {
  return `Porthole does not serve the host "${(hostHeader ?? '').slice(0, 200)}": only loopback, --host and --allowed-hosts names are answered (DNS rebinding protection)`;
}

/** The scheme the browser used: a TLS-terminating proxy says so in X-Forwarded-Proto. */
function requestScheme(headers: Headers, fallback: string): string {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  return forwarded === 'https' || forwarded === 'http' ? forwarded : fallback;
}

/**
 * Why a request to the API comes from somewhere else, or undefined when it is same-origin (or has
 * no Origin/Sec-Fetch-Site at all: a non-browser client).
 */
export function crossOriginProblem(headers: Headers, scheme = 'http'): string | undefined {
  const site = headers.get('sec-fetch-site')?.toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return `${site} requests are not allowed`;
  const origin = headers.get('origin');
  if (origin === null) return undefined;
  // A same-origin form POST carries `Origin: null` under `Referrer-Policy: no-referrer`; the browser's
  // own Sec-Fetch-Site tells it apart from a sandboxed or data: page (those say cross-site).
  if (origin.trim() === 'null') return site === 'same-origin' ? undefined : 'requests from an opaque origin (Origin: null) are not allowed';
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return 'invalid Origin header';
  }
  const host = headers.get('host') ?? '';
  let own: string;
  try {
    own = new URL(`${requestScheme(headers, scheme)}://${host}`).origin;
  } catch {
    return 'invalid Host header';
  }
  if (from.origin !== own) return `requests from origin ${from.origin} are not allowed`;
  return undefined;
}

/** The methods the API answers; anything else (TRACE, CONNECT, PROPFIND ...) is a 405. */
export const API_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Pages: documents (and POST, which Next uses for server actions). */
export const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * /healthz, /readyz and /metrics answer without the Host allowlist: kubelet probes and Prometheus send
 * `Host: <pod IP>:<port>`. They are GET/HEAD only and carry no cluster data (app/healthz, readyz, metrics).
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);
export const PROBE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Whether every segment of a raw (still percent-encoded) path decodes. */
export function pathDecodes(rawPath: string): boolean {
  try {
    decodeURIComponent(rawPath);
    return true;
  } catch {
    return false;
  }
}

/** Headers on every response, pages and API. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

/** The request header proxy.ts passes a page request's CSP nonce in (read by lib/server/csp-nonce.ts). */
export const NONCE_HEADER = 'x-nonce';
/** proxy.ts gives pages the URL's `?cluster=` (URI-encoded) in this request header: the root layout cannot read the URL. */
export const CLUSTER_HEADER = 'x-porthole-cluster';

/** API answers are data, never documents: nothing may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The pages' policy: scripts only with this request's nonce (and what they load), styles inline
 * allowed (React and Monaco set style attributes), Monaco's workers from same-origin bundles or blobs.
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
