/**
 * A service CIDR of either family as 128-bit numbers (BigInt), and the usable block the real
 * bitmap ipallocator (pkg/registry/core/service/ipallocator/bitmap.go) takes from it:
 * - the network address is never handed out (offset 0 is network + 1);
 * - IPv4 also keeps the broadcast address out;
 * - IPv6 has no broadcast, but its bitmap is capped at 65536 addresses (so a /108 gives
 *   `::1` … `::ffff`; addresses further up the CIDR are "not in the valid range");
 * - the static (user-chosen) band at the bottom is min(max(16, size/16), 256), 0 for size <= 16.
 */
import type { IPFamily } from '../../k8s/types/service';
import { formatIP, isIPv4Bytes, parseCIDRSloppy, parseIPSloppy, type IPBytes } from '../../k8s/validation/ip';

const IPV6_BITMAP_MAX = 65536n;

export interface IpRange {
  family: IPFamily;
  /** The CIDR as Go prints a net.IPNet (`10.96.0.0/12`, `fd00:10:96::/108`). */
  text: string;
  prefixLength: number;
  /** 32 or 128. */
  bits: number;
  network: bigint;
  /** Addresses in the whole CIDR. */
  size: bigint;
  /** The address of offset 0 (network + 1). */
  first: bigint;
  /** How many offsets the bitmap holds. */
  usable: number;
  /** Offsets below this are the static band (AllocateNext tries the others first). */
  staticBand: number;
}

function toBigInt(ip: IPBytes, family: IPFamily): bigint {
  const from = family === 'IPv4' ? 12 : 0;
  let n = 0n;
  for (let i = from; i < 16; i++) n = (n << 8n) | BigInt(ip[i]);
  return n;
}

function fromBigInt(n: bigint, family: IPFamily): IPBytes {
  const ip = new Uint8Array(16);
  if (family === 'IPv4') {
    ip[10] = 0xff;
    ip[11] = 0xff;
  }
  let v = n;
  for (let i = 15; i >= (family === 'IPv4' ? 12 : 0); i--) {
    ip[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return ip;
}

/** netutils.RangeSize: 0 for /31-/32 (IPv4) and /127-/128 (IPv6), as the real allocator sees them. */
function rangeSize(bits: number, prefixLength: number): bigint {
  const host = bits - prefixLength;
  if ((bits === 32 && host >= 31) || (bits === 128 && host >= 127)) return 0n;
  return 1n << BigInt(host);
}

/** calculateRangeOffset: min(max(16, size/16), 256); 0 when size <= 16. */
function staticBandSize(size: bigint): number {
  if (size <= 16n) return 0;
  const offset = size / 16n;
  if (offset < 16n) return 16;
  if (offset > 256n) return 256;
  return Number(offset);
}

/** Parses a service CIDR (ParseCIDRSloppy); throws Error on bad input. */
export function parseIpRange(cidr: string): IpRange {
  const parsed = parseCIDRSloppy(cidr);
  if (parsed === null) throw new Error(`invalid CIDR address: ${cidr}`);
  const family: IPFamily = parsed.bits === 32 ? 'IPv4' : 'IPv6';
  const network = toBigInt(parsed.network, family);
  const size = rangeSize(parsed.bits, parsed.prefixLength);
  let max = family === 'IPv6' ? (size > IPV6_BITMAP_MAX ? IPV6_BITMAP_MAX : size) : size - 1n;
  max -= 1n;
  if (max < 0n) max = 0n;
  return {
    family,
    text: `${formatIP(parsed.network)}/${parsed.prefixLength}`,
    prefixLength: parsed.prefixLength,
    bits: parsed.bits,
    network,
    size: 1n << BigInt(parsed.bits - parsed.prefixLength),
    first: network + 1n,
    usable: Number(max),
    staticBand: staticBandSize(size),
  };
}

/** The IP as a number when it parses and lies inside the range's CIDR (same family). */
export function ipInRange(range: IpRange, ip: string): bigint | undefined {
  const bytes = parseIPSloppy(ip);
  if (bytes === null || isIPv4Bytes(bytes) !== (range.family === 'IPv4')) return undefined;
  const n = toBigInt(bytes, range.family);
  return n >= range.network && n < range.network + range.size ? n : undefined;
}

/** Go's net.IP.String() of the address `n` of the range's family. */
export function formatRangeIP(range: IpRange, n: bigint): string {
  return formatIP(fromBigInt(n, range.family));
}

/** How Go prints a parsed IP (canonical form); the text itself when it does not parse. */
export function canonicalIP(ip: string): string {
  const bytes = parseIPSloppy(ip);
  return bytes === null ? ip : formatIP(bytes);
}

/** The address `delta` after `ip` (same family), e.g. the 10th address from the 1st; undefined when `ip` is not an IP. */
export function ipPlus(ip: string, delta: number): string | undefined {
  const bytes = parseIPSloppy(ip);
  if (bytes === null) return undefined;
  const family: IPFamily = isIPv4Bytes(bytes) ? 'IPv4' : 'IPv6';
  return formatIP(fromBigInt(toBigInt(bytes, family) + BigInt(delta), family));
}
