/**
 * `--service-cluster-ip-range` as kube-apiserver v1.32 reads it (cmd/kube-apiserver/app/options:
 * getServiceIPAndRanges + validateClusterIPFlags, MultiCIDRServiceAllocator off): one CIDR, or two
 * of different families separated by a comma (the first is the primary family); each at most 20
 * host bits (/12 for IPv4, /108 for IPv6). Pure.
 */
import type { IPFamily } from '../../k8s/types/service';
import { parseIpRange, type IpRange } from './ip-range';

const MAX_CIDR_BITS = 20;
const FLAG = '--service-cluster-ip-range';

function tooLarge(range: IpRange, flag: string): string | undefined {
  if (range.bits - range.prefixLength <= MAX_CIDR_BITS) return undefined;
  return `specified ${flag} is too large; for ${range.bits}-bit addresses, the mask must be >= ${range.bits - MAX_CIDR_BITS}`;
}

/** The CIDRs in order (primary first); throws Error with kube-apiserver's messages. */
export function parseServiceCIDRs(value: string): IpRange[] {
  const list = value.split(',');
  const parse = (i: number): IpRange => {
    try {
      return parseIpRange(list[i].trim());
    } catch {
      throw new Error(i === 0 ? 'service-cluster-ip-range[0] is not a valid cidr' : 'service-cluster-ip-range[1] is not an ip net');
    }
  };
  const errors: string[] = [];
  if (list.length > 2) errors.push(`${FLAG} must not contain more than two entries`);
  const primary = parse(0);
  const ranges = [primary];
  const big = tooLarge(primary, FLAG);
  if (big) errors.push(big);
  if (list.length > 1) {
    const secondary = parse(1);
    ranges.push(secondary);
    if (secondary.family === primary.family) {
      errors.push(`${FLAG}[0] and ${FLAG}[1] must be of different IP family`);
    }
    const big2 = tooLarge(secondary, `${FLAG}[1]`);
    if (big2) errors.push(big2);
  }
  if (errors.length) throw new Error(errors.join(', '));
  return ranges;
}

/** The families a service-cluster-ip-range value configures, primary first. */
export function serviceIPFamilies(value: string): IPFamily[] {
  return parseServiceCIDRs(value).map((r) => r.family);
}
