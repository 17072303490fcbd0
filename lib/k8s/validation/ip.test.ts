import { describe, expect, it } from 'vitest';
import { formatFieldError } from '../field-errors';
import {
  formatIP,
  isIPv6String,
  isValidCIDR,
  isValidIP,
  isValidIPv4Address,
  isValidIPv6Address,
  parseCIDRSloppy,
  parseIPSloppy,
  validateNonSpecialIP,
} from './ip';
import { getWarningsForCIDR, getWarningsForIP } from './ip-warnings';

const IP_ERR = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const CIDR_ERR = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

describe('ParseIPSloppy (Go pre-1.17 rules)', () => {
  it.each([
    ['10.96.0.1', '10.96.0.1'],
    ['010.096.000.001', '10.96.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['2001:db8::1', '2001:db8::1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['::', '::'],
    ['::1', '::1'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['1:0:2:0:3:0:4:0', '1:0:2:0:3:0:4:0'],
  ])('%s parses as %s', (text, canonical) => {
    const ip = parseIPSloppy(text);
    expect(ip).not.toBeNull();
    expect(formatIP(ip as Uint8Array)).toBe(canonical);
  });

  it.each(['', '10.96.0', '10.96.0.256', '10.96.0.1.2', 'a.b.c.d', '1::2::3', '2001:db8::g', 'fe80::1%eth0', '10.96.0.1/32', ' 10.0.0.1', '1:2:3:4:5:6:7:8:9'])(
    '%j is not an IP',
    (text) => {
      expect(parseIPSloppy(text)).toBeNull();
    },
  );

  it('family detection', () => {
    expect(isIPv6String('2001:db8::1')).toBe(true);
    expect(isIPv6String('10.0.0.1')).toBe(false);
    expect(isIPv6String('::ffff:10.0.0.1')).toBe(false);
    expect(isIPv6String('junk')).toBe(false);
  });
});

describe('IsValidIP / IsValidCIDR messages', () => {
  it.each([
    ['10.0.0.1', []],
    ['010.0.0.1', []],
    ['10.0.0', [`spec.clusterIPs[0]: Invalid value: "10.0.0": ${IP_ERR}`]],
    ['', [`spec.clusterIPs[0]: Invalid value: "": ${IP_ERR}`]],
  ])('IP %j', (value, expected) => {
    expect(isValidIP('spec.clusterIPs[0]', value).map(formatFieldError)).toEqual(expected);
  });

  it.each([
    ['10.0.0.0/8', []],
    ['10.1.2.3/8', []],
    ['2001:db8::/64', []],
    ['10.0.0.0/33', [`x: Invalid value: "10.0.0.0/33": ${CIDR_ERR}`]],
    ['10.0.0.0', [`x: Invalid value: "10.0.0.0": ${CIDR_ERR}`]],
    ['10.0.0.0/a', [`x: Invalid value: "10.0.0.0/a": ${CIDR_ERR}`]],
    ['2001:db8::/129', [`x: Invalid value: "2001:db8::/129": ${CIDR_ERR}`]],
  ])('CIDR %j', (value, expected) => {
    expect(isValidCIDR('x', value).map(formatFieldError)).toEqual(expected);
  });

  it('IPv4 / IPv6 address checks', () => {
    expect(isValidIPv4Address('a', '10.0.0.1')).toEqual([]);
    expect(isValidIPv4Address('a', 'fd00::1').map(formatFieldError)).toEqual(['a: Invalid value: "fd00::1": must be a valid IPv4 address']);
    expect(isValidIPv6Address('a', 'fd00::1')).toEqual([]);
    expect(isValidIPv6Address('a', '10.0.0.1').map(formatFieldError)).toEqual(['a: Invalid value: "10.0.0.1": must be a valid IPv6 address']);
  });

  it('parses a CIDR network', () => {
    const c = parseCIDRSloppy('10.1.2.3/8');
    expect(c && formatIP(c.network)).toBe('10.0.0.0');
    expect(c?.prefixLength).toBe(8);
  });
});

describe('ValidateNonSpecialIP', () => {
  it.each([
    ['8.8.8.8', []],
    ['0.0.0.0', ['e: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)']],
    ['::', ['e: Invalid value: "::": may not be unspecified (::)']],
    ['127.0.0.1', ['e: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)']],
    ['::1', ['e: Invalid value: "::1": may not be in the loopback range (127.0.0.0/8, ::1/128)']],
    ['169.254.169.254', ['e: Invalid value: "169.254.169.254": may not be in the link-local range (169.254.0.0/16, fe80::/10)']],
    ['fe80::1', ['e: Invalid value: "fe80::1": may not be in the link-local range (169.254.0.0/16, fe80::/10)']],
    ['224.0.0.1', ['e: Invalid value: "224.0.0.1": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']],
    ['ff02::1', ['e: Invalid value: "ff02::1": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']],
    ['nope', ['e: Invalid value: "nope": must be a valid IP address']],
  ])('%s', (value, expected) => {
    expect(validateNonSpecialIP(value, 'e').map(formatFieldError)).toEqual(expected);
  });
});

describe('warnings for non-standard IPs and CIDRs', () => {
  it.each([
    ['10.0.0.1', []],
    ['010.0.0.1', ['p: non-standard IP address "010.0.0.1" will be considered invalid in a future Kubernetes release: use "10.0.0.1"']],
    ['::ffff:1.2.3.4', ['p: non-standard IP address "::ffff:1.2.3.4" will be considered invalid in a future Kubernetes release: use "1.2.3.4"']],
    ['2001:DB8::1', ['p: IPv6 address "2001:DB8::1" should be in RFC 5952 canonical format ("2001:db8::1")']],
    ['2001:db8::1', []],
  ])('IP %s', (value, expected) => {
    expect(getWarningsForIP('p', value)).toEqual(expected);
  });

  it.each([
    ['10.0.0.0/8', []],
    ['10.1.0.0/8', ['p: CIDR value "10.1.0.0/8" is ambiguous in this context (should be "10.0.0.0/8" or "10.1.0.0/32"?)']],
    ['010.0.0.0/8', ['p: non-standard CIDR value "010.0.0.0/8" will be considered invalid in a future Kubernetes release: use "10.0.0.0/8"']],
    ['2001:DB8::/64', ['p: IPv6 CIDR value "2001:DB8::/64" should be in RFC 5952 canonical format ("2001:db8::/64")']],
  ])('CIDR %s', (value, expected) => {
    expect(getWarningsForCIDR('p', value)).toEqual(expected);
  });
});
