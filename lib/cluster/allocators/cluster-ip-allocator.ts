/**
 * ClusterIP allocator over one service CIDR of either family (pkg/registry/core/service/ipallocator,
 * bitmap flavour; the range rules are in ip-range.ts): the first usable address (e.g. 10.96.0.1 or
 * fd00:10:96::1) is what the `kubernetes` Service asks for; the lower band of the range is kept for
 * static (user-chosen) addresses, AllocateNext takes from the upper band first.
 */
import type { IPFamily } from '../../k8s/types/service';
import { allocationErrors, type AllocationError } from './allocation-error';
import { canonicalIP, formatRangeIP, ipInRange, parseIpRange, type IpRange } from './ip-range';
import { OffsetAllocator } from './offset-allocator';
import { RangeAllocator } from './range-allocator';

export class ClusterIPAllocator extends OffsetAllocator<string> {
  readonly range: IpRange;

  constructor(serviceCIDR: string, random: () => number = Math.random) {
    const range = parseIpRange(serviceCIDR);
    super(new RangeAllocator(range.usable, range.staticBand, random));
    this.range = range;
  }

  get family(): IPFamily {
    return this.range.family;
  }

  /** The CIDR as the real server prints it. */
  get cidrText(): string {
    return this.range.text;
  }

  /** The address that `offset` 0 stands for: the one the `kubernetes` Service gets. */
  firstAddress(): string {
    return formatRangeIP(this.range, this.range.first);
  }

  protected offsetOf(ip: string): number | undefined {
    const n = ipInRange(this.range, ip);
    if (n === undefined) return undefined;
    const offset = n - this.range.first;
    return offset >= 0n && offset < BigInt(this.bits.size) ? Number(offset) : undefined;
  }

  protected valueAt(offset: number): string {
    return formatRangeIP(this.range, this.range.first + BigInt(offset));
  }

  protected notInRange(ip: string): AllocationError {
    return allocationErrors.ipNotInRange(canonicalIP(ip), this.range.text);
  }

  protected alreadyAllocated(): AllocationError {
    return allocationErrors.ipAllocated();
  }

  /** ipallocator's dryRunRange: only the range is checked ("don't bother to check whether the IP is actually free"). */
  protected dryRunAllocate(ip: string): void {
    if (this.offsetOf(ip) === undefined) throw this.notInRange(ip);
  }

  /** ipallocator's dryRunRange: the CIDR's own (network) address, e.g. 10.96.0.0, never a free one. */
  protected dryRunAllocateNext(): string {
    return formatRangeIP(this.range, this.range.network);
  }
}
