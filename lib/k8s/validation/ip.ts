/**
 * IP and CIDR parsing and validation as Kubernetes v1.32 does it: k8s.io/utils/net
 * ParseIPSloppy / ParseCIDRSloppy (Go's pre-1.17 net.ParseIP, which accepts leading zeros
 * in IPv4 octets and reads them as decimal), with apimachinery's messages.
 * Pure and browser-safe.
 */
import { fieldError, type FieldError, type FieldPath } from '../field-errors';

/** A parsed address as Go's net.IP: always 16 bytes (IPv4 as IPv4-mapped IPv6). */
export type IPBytes = Uint8Array;

const BIG = 0xffffff;

/** Go's dtoi: leading decimal digits; ok when at least one digit was read. */
function dtoi(s: string): [number, number, boolean] {
  let n = 0;
  let i = 0;
  for (; i < s.length && s[i] >= '0' && s[i] <= '9'; i++) {
    n = n * 10 + (s.charCodeAt(i) - 48);
    if (n >= BIG) return [BIG, i, false];
  }
  return [n, i, i > 0];
}

/** Go's xtoi: leading hex digits. */
function xtoi(s: string): [number, number, boolean] {
  let n = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s[i];
    let d: number;
    if (c >= '0' && c <= '9') d = c.charCodeAt(0) - 48;
    else if (c >= 'a' && c <= 'f') d = c.charCodeAt(0) - 87;
    else if (c >= 'A' && c <= 'F') d = c.charCodeAt(0) - 55;
    else break;
    n = n * 16 + d;
    if (n >= BIG) return [0, i, false];
  }
  return [n, i, i > 0];
}

function v4InV6(a: number, b: number, c: number, d: number): IPBytes {
  const ip = new Uint8Array(16);
  ip[10] = 0xff;
  ip[11] = 0xff;
  ip[12] = a;
  ip[13] = b;
  ip[14] = c;
  ip[15] = d;
  return ip;
}

function parseIPv4(input: string): IPBytes | null {
  let s = input;
  const p = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    if (s.length === 0) return null;
    if (i > 0) {
      if (s[0] !== '.') return null;
      s = s.slice(1);
    }
    const [n, c, ok] = dtoi(s);
    if (!ok || n > 0xff) return null;
    s = s.slice(c);
    p[i] = n;
  }
  if (s.length !== 0) return null;
  return v4InV6(p[0], p[1], p[2], p[3]);
}

function parseIPv6(input: string): IPBytes | null {
  let s = input;
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return ip;
  }
  let i = 0;
  while (i < 16) {
    const [n, c, ok] = xtoi(s);
    if (!ok || n > 0xffff) return null;
    if (c < s.length && s[c] === '.') {
      if (ellipsis < 0 && i !== 12) return null;
      if (i + 4 > 16) return null;
      const ip4 = parseIPv4(s);
      if (ip4 === null) return null;
      ip.set(ip4.subarray(12), i);
      s = '';
      i += 4;
      break;
    }
    ip[i] = n >> 8;
    ip[i + 1] = n & 0xff;
    i += 2;
    s = s.slice(c);
    if (s.length === 0) break;
    if (s[0] !== ':' || s.length === 1) return null;
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return null;
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return null;
  if (i < 16) {
    if (ellipsis < 0) return null;
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j];
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) {
    return null;
  }
  return ip;
}

/** netutils.ParseIPSloppy: null when the text is not an IP address. */
export function parseIPSloppy(s: string): IPBytes | null {
  for (const c of s) {
    if (c === '.') return parseIPv4(s);
    if (c === ':') return parseIPv6(s);
  }
  return null;
}

/** Go's IP.To4() != nil: an IPv4 (or IPv4-mapped IPv6) address. */
export function isIPv4Bytes(ip: IPBytes): boolean {
  for (let i = 0; i < 10; i++) if (ip[i] !== 0) return false;
  return ip[10] === 0xff && ip[11] === 0xff;
}

/** netutils.IsIPv6String */
export function isIPv6String(s: string): boolean {
  const ip = parseIPSloppy(s);
  return ip !== null && !isIPv4Bytes(ip);
}

/** netutils.IsIPv4String */
export function isIPv4String(s: string): boolean {
  const ip = parseIPSloppy(s);
  return ip !== null && isIPv4Bytes(ip);
}

/** Go's net.IP.String(): dotted quad for IPv4, RFC 5952 for IPv6. */
export function formatIP(ip: IPBytes): string {
  if (isIPv4Bytes(ip)) return `${ip[12]}.${ip[13]}.${ip[14]}.${ip[15]}`;
  let e0 = -1;
  let e1 = -1;
  for (let i = 0; i < 16; i += 2) {
    let j = i;
    while (j < 16 && ip[j] === 0 && ip[j + 1] === 0) j += 2;
    if (j > i && j - i > e1 - e0) {
      e0 = i;
      e1 = j;
      i = j;
    }
  }
  if (e1 - e0 <= 2) {
    e0 = -1;
    e1 = -1;
  }
  let out = '';
  for (let i = 0; i < 16; i += 2) {
    if (i === e0) {
      out += '::';
      i = e1;
      if (i >= 16) break;
    } else if (i > 0) {
      out += ':';
    }
    out += ((ip[i] << 8) | ip[i + 1]).toString(16);
  }
  return out;
}

export interface ParsedCIDR {
  ip: IPBytes;
  prefixLength: number;
  /** 32 for IPv4, 128 for IPv6 (as Go decides from the address text). */
  bits: number;
  network: IPBytes;
}

/** netutils.ParseCIDRSloppy: null when the text is not a CIDR. */
export function parseCIDRSloppy(s: string): ParsedCIDR | null {
  const slash = s.indexOf('/');
  if (slash < 0) return null;
  const addr = s.slice(0, slash);
  const mask = s.slice(slash + 1);
  let bits = 32;
  let ip = parseIPv4(addr);
  if (ip === null) {
    bits = 128;
    ip = parseIPv6(addr);
  }
  const [n, i, ok] = dtoi(mask);
  if (ip === null || !ok || i !== mask.length || n < 0 || n > bits) return null;
  const network = new Uint8Array(ip);
  const offset = bits === 32 ? 12 : 0;
  for (let b = 0; b < bits; b++) {
    if (b >= n) {
      const byte = offset + (b >> 3);
      network[byte] &= ~(0x80 >> (b & 7)) & 0xff;
    }
  }
  return { ip, prefixLength: n, bits, network };
}

/** validation.IsValidIP (v1.32: sloppy parsing). */
export function isValidIP(path: FieldPath | string, value: string): FieldError[] {
  if (parseIPSloppy(value) === null) {
    return [fieldError.invalid(path, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
  }
  return [];
}

/** validation.IsValidIPv4Address (EndpointSlice addresses of type IPv4). */
export function isValidIPv4Address(path: FieldPath | string, value: string): FieldError[] {
  return isIPv4String(value) ? [] : [fieldError.invalid(path, value, 'must be a valid IPv4 address')];
}

/** validation.IsValidIPv6Address (EndpointSlice addresses of type IPv6). */
export function isValidIPv6Address(path: FieldPath | string, value: string): FieldError[] {
  return isIPv6String(value) ? [] : [fieldError.invalid(path, value, 'must be a valid IPv6 address')];
}

/** validation.IsValidCIDR (v1.32: sloppy parsing). */
export function isValidCIDR(path: FieldPath | string, value: string): FieldError[] {
  if (parseCIDRSloppy(value) === null) {
    return [fieldError.invalid(path, value, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)')];
  }
  return [];
}

function isUnspecified(ip: IPBytes): boolean {
  if (isIPv4Bytes(ip)) return ip[12] === 0 && ip[13] === 0 && ip[14] === 0 && ip[15] === 0;
  return ip.every((b) => b === 0);
}

function isLoopback(ip: IPBytes): boolean {
  if (isIPv4Bytes(ip)) return ip[12] === 127;
  return ip.slice(0, 15).every((b) => b === 0) && ip[15] === 1;
}

function isLinkLocalUnicast(ip: IPBytes): boolean {
  if (isIPv4Bytes(ip)) return ip[12] === 169 && ip[13] === 254;
  return ip[0] === 0xfe && (ip[1] & 0xc0) === 0x80;
}

function isLinkLocalMulticast(ip: IPBytes): boolean {
  if (isIPv4Bytes(ip)) return ip[12] === 224 && ip[13] === 0 && ip[14] === 0;
  return ip[0] === 0xff && (ip[1] & 0x0f) === 0x02;
}

/** core validation.ValidateNonSpecialIP (externalIPs, endpoints). */
export function validateNonSpecialIP(value: string, path: FieldPath | string): FieldError[] {
  const ip = parseIPSloppy(value);
  if (ip === null) return [fieldError.invalid(path, value, 'must be a valid IP address')];
  const errs: FieldError[] = [];
  if (isUnspecified(ip)) errs.push(fieldError.invalid(path, value, `may not be unspecified (${value})`));
  if (isLoopback(ip)) errs.push(fieldError.invalid(path, value, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  if (isLinkLocalUnicast(ip)) {
    errs.push(fieldError.invalid(path, value, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  }
  if (isLinkLocalMulticast(ip)) {
    errs.push(fieldError.invalid(path, value, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  }
  return errs;
}
