/**
 * Warnings (not errors) for IP and CIDR values in non-standard forms, as apimachinery
 * GetWarningsForIP / GetWarningsForCIDR (v1.32). Pure and browser-safe.
 */
import type { FieldPath } from '../field-errors';
import { formatIP, isIPv4Bytes, parseCIDRSloppy, parseIPSloppy } from './ip';

/** Whether Go's strict netip.ParseAddr would accept the text (no leading zeros, groups ≤ 4 hex digits). */
function strictlyParses(value: string): boolean {
  const v4 = /^(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})$/;
  if (!value.includes(':')) return v4.test(value);
  const tail = value.match(/:([0-9.]+)$/);
  if (tail && tail[1].includes('.') && !v4.test(tail[1])) return false;
  const hexPart = tail && tail[1].includes('.') ? value.slice(0, value.length - tail[1].length) : value;
  return hexPart.split(':').every((g) => g.length <= 4);
}

/** validation.GetWarningsForIP (v1.32): non-standard forms that a later release will reject. */
export function getWarningsForIP(path: FieldPath | string, value: string): string[] {
  const ip = parseIPSloppy(value);
  if (ip === null) return [];
  const is4in6 = value.includes(':') && isIPv4Bytes(ip);
  if (!strictlyParses(value) || is4in6) {
    return [`${String(path)}: non-standard IP address ${JSON.stringify(value)} will be considered invalid in a future Kubernetes release: use ${JSON.stringify(formatIP(ip))}`];
  }
  if (value.includes(':') && formatIP(ip) !== value) {
    return [`${String(path)}: IPv6 address ${JSON.stringify(value)} should be in RFC 5952 canonical format (${JSON.stringify(formatIP(ip))})`];
  }
  return [];
}

/** validation.GetWarningsForCIDR (v1.32). */
export function getWarningsForCIDR(path: FieldPath | string, value: string): string[] {
  const cidr = parseCIDRSloppy(value);
  if (cidr === null) return [];
  const warnings: string[] = [];
  const p = String(path);
  const networkText = `${formatIP(cidr.network)}/${cidr.prefixLength}`;
  if (!cidr.ip.every((b, i) => b === cidr.network[i])) {
    const single = `${formatIP(cidr.ip)}/${cidr.bits}`;
    warnings.push(`${p}: CIDR value ${JSON.stringify(value)} is ambiguous in this context (should be ${JSON.stringify(networkText)} or ${JSON.stringify(single)}?)`);
  }
  const addrText = value.slice(0, value.indexOf('/'));
  const maskText = value.slice(value.indexOf('/') + 1);
  const is4in6 = addrText.includes(':') && isIPv4Bytes(cidr.ip);
  const strictMask = /^(0|[1-9][0-9]*)$/.test(maskText);
  if (!strictlyParses(addrText) || !strictMask || is4in6) {
    warnings.push(`${p}: non-standard CIDR value ${JSON.stringify(value)} will be considered invalid in a future Kubernetes release: use ${JSON.stringify(networkText)}`);
  }
  if (warnings.length === 0 && addrText.includes(':')) {
    const canonical = `${formatIP(cidr.ip)}/${cidr.prefixLength}`;
    if (canonical !== value) {
      warnings.push(`${p}: IPv6 CIDR value ${JSON.stringify(value)} should be in RFC 5952 canonical format (${JSON.stringify(canonical)})`);
    }
  }
  return warnings;
}
