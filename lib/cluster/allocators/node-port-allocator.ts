/**
 * NodePort allocator over a port range (pkg/registry/core/service/portallocator), shared by
 * `spec.ports[*].nodePort` and `spec.healthCheckNodePort`. The lower band of the range is kept for
 * user-chosen ports; AllocateNext takes from the upper band first.
 */
import { allocationErrors } from './allocation-error';
import { RangeAllocator } from './range-allocator';
import { releaseOnCommit, undoOnRollback, type AllocationTx } from './transactional';

export interface PortRange {
  base: number;
  size: number;
}

/** Parses `30000-32767` (or a single port); throws Error on bad input. */
export function parsePortRange(text: string): PortRange {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`unable to parse port range: ${text}`);
  const low = Number(m[1]);
  const high = m[2] === undefined ? low : Number(m[2]);
  if (low < 1 || high > 65535 || high < low) throw new Error(`unable to parse port range: ${text}`);
  return { base: low, size: high - low + 1 };
}

export function formatPortRange(range: PortRange): string {
  return `${range.base}-${range.base + range.size - 1}`;
}

/** calculateRangeOffset of the real portallocator: min 16, max 128, size/32. */
function staticBandSize(size: number): number {
  if (size < 16) return 0;
  return Math.min(128, Math.max(16, Math.floor(size / 32)));
}

export class NodePortAllocator {
  readonly range: PortRange;
  readonly rangeText: string;
  private readonly bits: RangeAllocator;

  constructor(range: string, random: () => number = Math.random) {
    this.range = parsePortRange(range);
    this.rangeText = formatPortRange(this.range);
    this.bits = new RangeAllocator(this.range.size, staticBandSize(this.range.size), random);
  }

  contains(port: number): boolean {
    return Number.isInteger(port) && port >= this.range.base && port < this.range.base + this.range.size;
  }

  isAllocated(port: number): boolean {
    return this.contains(port) && this.bits.has(port - this.range.base);
  }

  /** Reserves `port`; throws AllocationError (not in range / already allocated). */
  allocate(port: number, tx?: AllocationTx): void {
    if (!this.contains(port)) throw allocationErrors.portNotInRange(this.rangeText);
    const offset = port - this.range.base;
    if (!this.bits.allocate(offset)) throw allocationErrors.portAllocated();
    undoOnRollback(tx, () => this.bits.release(offset));
  }

  /** Reserves a free port; throws AllocationError 'range is full'. */
  allocateNext(tx?: AllocationTx): number {
    const offset = this.bits.allocateNext();
    if (offset === undefined) throw allocationErrors.full();
    undoOnRollback(tx, () => this.bits.release(offset));
    return this.range.base + offset;
  }

  /** Frees `port` (deferred to commit inside a transaction); ports outside the range are ignored. */
  release(port: number, tx?: AllocationTx): void {
    if (!this.contains(port)) return;
    const offset = port - this.range.base;
    releaseOnCommit(tx, () => this.bits.release(offset));
  }

  /** Marks `port` used without errors (rebuild after a restart); false when outside or taken. */
  mark(port: number): boolean {
    return this.contains(port) && this.bits.allocate(port - this.range.base);
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
