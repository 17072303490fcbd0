/**
 * Proxy mode (`--auth proxy`): an authenticating proxy in front of Porthole (oauth2-proxy, an
 * ingress with auth) names the user in X-Remote-User / X-Remote-Group, and Porthole acts as that user
 * through Kubernetes impersonation. Those headers are believed only when the request came from a
 * configured proxy address (`--trusted-proxies`).
 *
 * The socket's address: Next's route handlers and proxy.ts do not expose it, and the
 * `x-forwarded-for` Next fills in keeps whatever the client sent. So in proxy mode Porthole's own
 * front (lib/server/auth-mode-front.ts, started by bin/porthole.ts) accepts the connections, drops
 * any client copy of the headers below, and stamps the socket's address plus a per-process secret
 * (PORTHOLE_PEER_SECRET) that only it and the Next server know. A request without that secret (sent
 * straight to the internal port) is from no trusted address.
 * No `server-only` here: proxy.ts and the front use it too.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { AuthConfig } from './auth-mode';

export const PEER_HEADER = 'x-porthole-peer';
export const PEER_PROOF_HEADER = 'x-porthole-peer-proof';

/** `::ffff:10.0.0.1` (an IPv4 client of a dual-stack socket) is 10.0.0.1. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

const lists = new Map<string, BlockList>();

/** A CIDR list as a matcher; throws on a malformed entry (`--trusted-proxies` is checked at startup). */
export function cidrList(cidrs: readonly string[]): BlockList {
  const key = cidrs.join(',');
  let list = lists.get(key);
  if (list) return list;
  list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const family = isIP(net);
    if (!family) throw new Error(`"${cidr}" is not a CIDR (e.g. 10.0.0.0/8, 127.0.0.1/32, ::1/128)`);
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) throw new Error(`"${cidr}" has an invalid prefix length`);
    list.addSubnet(net, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  lists.set(key, list);
  return list;
}

export function addressTrusted(address: string | undefined, cidrs: readonly string[]): boolean {
  if (!address || cidrs.length === 0) return false;
  const a = normalizeAddress(address);
  const family = isIP(a);
  if (!family) return false;
  return cidrList(cidrs).check(a, family === 4 ? 'ipv4' : 'ipv6');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type ProxyUser =
  | { kind: 'user'; user: string; groups: string[]; peer: string }
  /** No user header at all. */
  | { kind: 'none' }
  /** User headers from an address that is not a trusted proxy (or without the front's stamp): ignored. */
  | { kind: 'untrusted'; peer?: string };

export function splitGroups(value: string | null): string[] {
  return (value ?? '').split(',').map((g) => g.trim()).filter(Boolean);
}

/** The user the trusted proxy names on this request, as stamped by Porthole's front. */
export function proxyUser(headers: Headers, config: AuthConfig): ProxyUser {
  const user = headers.get(config.userHeader)?.trim();
  const hasGroups = headers.has(config.groupHeader);
  const stamped = frontStamped(headers.get(PEER_PROOF_HEADER), config);
  const peer = stamped ? (headers.get(PEER_HEADER) ?? undefined) : undefined;
  if (!user) return hasGroups ? { kind: 'untrusted', peer } : { kind: 'none' };
  if (!stamped || !addressTrusted(peer, config.trustedProxies)) return { kind: 'untrusted', peer };
  return { kind: 'user', user, groups: splitGroups(headers.get(config.groupHeader)), peer: peer! };
}

function frontStamped(proof: string | null | undefined, config: AuthConfig): boolean {
  return Boolean(config.peerSecret && proof && sameSecret(proof, config.peerSecret));
}

/**
 * HTTP-server hook (instrumentation.ts), every mode: the request's PEER_HEADER becomes the socket's
 * address, over any copy the client sent — unless Porthole's own front (proxy mode) stamped it with
 * its secret, whose stamp names the front's client. Never answers the request.
 */
export function stampSocketPeer(req: IncomingMessage, config: AuthConfig): false {
  const proof = req.headers[PEER_PROOF_HEADER];
  if (frontStamped(typeof proof === 'string' ? proof : undefined, config)) return false;
  delete req.headers[PEER_PROOF_HEADER];
  req.headers[PEER_HEADER] = normalizeAddress(req.socket.remoteAddress ?? '');
  return false;
}

/** The address that sent this request to Porthole (stamped by stampSocketPeer or the front), if known. */
export function requestPeer(headers: Headers): string | undefined {
  return headers.get(PEER_HEADER) || undefined;
}

/** Whether the request came from a configured trusted proxy (`--trusted-proxies`), whose X-Forwarded-* headers count. */
export function fromTrustedProxy(headers: Headers, config: AuthConfig): boolean {
  return addressTrusted(requestPeer(headers), config.trustedProxies);
}
