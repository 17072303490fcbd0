/**
 * ClusterIP allocator over an IPv4 service CIDR (pkg/registry/core/service/ipallocator, bitmap
 * flavour): the network and broadcast addresses are never handed out; the first usable address
 * (e.g. 10.96.0.1) is what the `kubernetes` Service asks for; the lower band of the range is kept
 * for static (user-chosen) addresses, AllocateNext takes from the upper band first.
 */
import { allocationErrors, type AllocationError } from './allocation-error';
import { cidrContains, formatIpv4, parseIpv4, parseIpv4Cidr, type Ipv4Cidr } from './ipv4';
import { RangeAllocator } from './range-allocator';
import { OffsetAllocator } from './offset-allocator';

/** calculateRangeOffset of the real ipallocator: min 16, max 256, size/16. */
function staticBandSize(cidrSize: number): number {
  if (cidrSize < 16) return 0;
  return Math.min(256, Math.max(16, Math.floor(cidrSize / 16)));
}

export class ClusterIPAllocator extends OffsetAllocator<string> {
  readonly cidr: Ipv4Cidr;
  /** The first allocatable address (network + 1, or the network itself for /31 and /32). */
  private readonly first: number;

  constructor(serviceCIDR: string, random: () => number = Math.random) {
    const cidr = parseIpv4Cidr(serviceCIDR);
    const usable = cidr.size > 2 ? cidr.size - 2 : cidr.size;
    super(new RangeAllocator(usable, staticBandSize(cidr.size), random));
    this.cidr = cidr;
    this.first = cidr.size > 2 ? cidr.base + 1 : cidr.base;
  }

  /** The address that `offset` 0 stands for: the one the `kubernetes` Service gets. */
  firstAddress(): string {
    return formatIpv4(this.first);
  }

  protected offsetOf(ip: string): number | undefined {
    const n = parseIpv4(ip);
    if (n === undefined || !cidrContains(this.cidr, n)) return undefined;
    const offset = n - this.first;
    return offset >= 0 && offset < this.bits.size ? offset : undefined;
  }

  protected valueAt(offset: number): string {
    return formatIpv4(this.first + offset);
  }

  protected notInRange(ip: string): AllocationError {
    return allocationErrors.ipNotInRange(ip, this.cidr.text);
  }

  protected alreadyAllocated(): AllocationError {
    return allocationErrors.ipAllocated();
  }
}
