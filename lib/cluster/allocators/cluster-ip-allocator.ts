/**
 * ClusterIP allocator over an IPv4 service CIDR (pkg/registry/core/service/ipallocator, bitmap
 * flavour): the network and broadcast addresses are never handed out; the first usable address
 * (e.g. 10.96.0.1) is what the `kubernetes` Service asks for; the lower band of the range is kept
 * for static (user-chosen) addresses, AllocateNext takes from the upper band first.
 */
import { allocationErrors } from './allocation-error';
import { cidrContains, formatIpv4, parseIpv4, parseIpv4Cidr, type Ipv4Cidr } from './ipv4';
import { RangeAllocator } from './range-allocator';
import { releaseOnCommit, undoOnRollback, type AllocationTx } from './transactional';

/** calculateRangeOffset of the real ipallocator: min 16, max 256, size/16. */
function staticBandSize(cidrSize: number): number {
  if (cidrSize < 16) return 0;
  return Math.min(256, Math.max(16, Math.floor(cidrSize / 16)));
}

export class ClusterIPAllocator {
  readonly cidr: Ipv4Cidr;
  /** The first allocatable address (network + 1, or the network itself for /31 and /32). */
  private readonly first: number;
  private readonly bits: RangeAllocator;

  constructor(serviceCIDR: string, random: () => number = Math.random) {
    this.cidr = parseIpv4Cidr(serviceCIDR);
    const usable = this.cidr.size > 2 ? this.cidr.size - 2 : this.cidr.size;
    this.first = this.cidr.size > 2 ? this.cidr.base + 1 : this.cidr.base;
    this.bits = new RangeAllocator(usable, staticBandSize(this.cidr.size), random);
  }

  /** The address that `offset` 0 stands for: the one the `kubernetes` Service gets. */
  firstAddress(): string {
    return formatIpv4(this.first);
  }

  private offsetOf(ip: string): number | undefined {
    const n = parseIpv4(ip);
    if (n === undefined || !cidrContains(this.cidr, n)) return undefined;
    const offset = n - this.first;
    return offset >= 0 && offset < this.bits.size ? offset : undefined;
  }

  isAllocated(ip: string): boolean {
    const offset = this.offsetOf(ip);
    return offset !== undefined && this.bits.has(offset);
  }

  /** Reserves `ip`; throws AllocationError (not in range / already allocated). */
  allocate(ip: string, tx?: AllocationTx): void {
    const offset = this.offsetOf(ip);
    if (offset === undefined) throw allocationErrors.ipNotInRange(ip, this.cidr.text);
    if (!this.bits.allocate(offset)) throw allocationErrors.ipAllocated();
    undoOnRollback(tx, () => this.bits.release(offset));
  }

  /** Reserves a free address; throws AllocationError 'range is full'. */
  allocateNext(tx?: AllocationTx): string {
    const offset = this.bits.allocateNext();
    if (offset === undefined) throw allocationErrors.full();
    undoOnRollback(tx, () => this.bits.release(offset));
    return formatIpv4(this.first + offset);
  }

  /** Frees `ip` (deferred to commit inside a transaction); addresses outside the range are ignored. */
  release(ip: string, tx?: AllocationTx): void {
    const offset = this.offsetOf(ip);
    if (offset === undefined) return;
    releaseOnCommit(tx, () => this.bits.release(offset));
  }

  /** Marks `ip` used without errors (rebuild after a restart); false when outside or already taken. */
  mark(ip: string): boolean {
    const offset = this.offsetOf(ip);
    return offset !== undefined && this.bits.allocate(offset);
  }

  used(): number {
    return this.bits.count();
  }

  free(): number {
    return this.bits.size - this.bits.count();
  }

  reset(): void {
    this.bits.clear();
  }
}
