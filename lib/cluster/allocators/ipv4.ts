/**
 * IPv4 addresses as unsigned 32-bit numbers, and CIDR parsing. Pure; used by the ClusterIP
 * allocator, the load-balancer pool and the simulated nodes' pod CIDRs.
 */

export interface Ipv4Cidr {
  /** The network address as a number. */
  base: number;
  prefixLength: number;
  /** Number of addresses in the block (2^(32-prefix)). */
  size: number;
  /** The canonical text, e.g. `10.96.0.0/12`. */
  text: string;
}

const IPV4_RE = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Parses dotted-quad IPv4 text (no leading zeros, as netip.ParseAddr); undefined when not IPv4. */
export function parseIpv4(text: string): number | undefined {
  const m = IPV4_RE.exec(text);
  if (!m) return undefined;
  let n = 0;
  for (let i = 1; i <= 4; i++) {
    const part = m[i];
    if (part.length > 1 && part.startsWith('0')) return undefined;
    const v = Number(part);
    if (v > 255) return undefined;
    n = n * 256 + v;
  }
  return n;
}

export function formatIpv4(n: number): string {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Parses `a.b.c.d/len`; throws Error on bad input. The address is masked to its network. */
export function parseIpv4Cidr(text: string): Ipv4Cidr {
  const [addr, len, ...rest] = text.split('/');
  const base = parseIpv4(addr ?? '');
  const prefixLength = Number(len);
  if (rest.length > 0 || base === undefined || !/^\d{1,2}$/.test(len ?? '') || prefixLength > 32) {
    throw new Error(`invalid CIDR address: ${text}`);
  }
  const size = 2 ** (32 - prefixLength);
  const network = Math.floor(base / size) * size;
  return { base: network, prefixLength, size, text: `${formatIpv4(network)}/${prefixLength}` };
}

export function cidrContains(cidr: Ipv4Cidr, ip: number): boolean {
  return ip >= cidr.base && ip < cidr.base + cidr.size;
}
