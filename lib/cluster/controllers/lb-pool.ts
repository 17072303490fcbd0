/** The address pool load-balancer ingress IPs come from (like MetalLB's): lowest free address first. */
import { cidrContains, formatIpv4, parseIpv4, parseIpv4Cidr, type Ipv4Cidr } from '../allocators/ipv4';
import { RangeAllocator } from '../allocators/range-allocator';

export const DEFAULT_LB_POOL = '172.18.255.0/24';

export class LoadBalancerPool {
  readonly cidr: Ipv4Cidr;
  private readonly first: number;
  private readonly bits: RangeAllocator;

  constructor(pool: string = DEFAULT_LB_POOL) {
    this.cidr = parseIpv4Cidr(pool);
    const usable = this.cidr.size > 2 ? this.cidr.size - 2 : this.cidr.size;
    this.first = this.cidr.size > 2 ? this.cidr.base + 1 : this.cidr.base;
    this.bits = new RangeAllocator(usable, 0, () => 0);
  }

  private offsetOf(ip: string): number | undefined {
    const n = parseIpv4(ip);
    if (n === undefined || !cidrContains(this.cidr, n)) return undefined;
    const off = n - this.first;
    return off >= 0 && off < this.bits.size ? off : undefined;
  }

  contains(ip: string): boolean {
    return this.offsetOf(ip) !== undefined;
  }

  /** Takes `ip` if it is in the pool and free. */
  take(ip: string): boolean {
    const off = this.offsetOf(ip);
    return off !== undefined && this.bits.allocate(off);
  }

  /** The lowest free address, or undefined when the pool is exhausted. */
  next(): string | undefined {
    const off = this.bits.allocateNext();
    return off === undefined ? undefined : formatIpv4(this.first + off);
  }

  release(ip: string): void {
    const off = this.offsetOf(ip);
    if (off !== undefined) this.bits.release(off);
  }
}
