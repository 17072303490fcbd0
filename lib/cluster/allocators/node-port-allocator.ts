/**
 * NodePort allocator over a port range (pkg/registry/core/service/portallocator), shared by
 * `spec.ports[*].nodePort` and `spec.healthCheckNodePort`. The lower band of the range is kept for
 * user-chosen ports; AllocateNext takes from the upper band first.
 */
import { allocationErrors, type AllocationError } from './allocation-error';
import { RangeAllocator } from './range-allocator';
import { OffsetAllocator } from './offset-allocator';
import type { AllocationTx } from './transactional';

/** What portallocator's dry-run operation starts its placeholders after (operation.go: "a sensible guess for a dummy port number"). */
const DRY_RUN_LAST_PORT = 32768;

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

export class NodePortAllocator extends OffsetAllocator<number> {
  readonly range: PortRange;
  readonly rangeText: string;

  constructor(range: string, random: () => number = Math.random) {
    const parsed = parsePortRange(range);
    super(new RangeAllocator(parsed.size, staticBandSize(parsed.size), random));
    this.range = parsed;
    this.rangeText = formatPortRange(parsed);
  }

  contains(port: number): boolean {
    return Number.isInteger(port) && port >= this.range.base && port < this.range.base + this.range.size;
  }

  protected offsetOf(port: number): number | undefined {
    return this.contains(port) ? port - this.range.base : undefined;
  }

  protected valueAt(offset: number): number {
    return this.range.base + offset;
  }

  protected notInRange(): AllocationError {
    return allocationErrors.portNotInRange(this.rangeText);
  }

  protected alreadyAllocated(): AllocationError {
    return allocationErrors.portAllocated();
  }

  /** The ports a dry-run write "allocated" (portallocator.PortAllocationOperation.allocated), per transaction. */
  private readonly dryRunPorts = new WeakMap<AllocationTx, number[]>();

  private dryRunOperation(tx: AllocationTx): number[] {
    let ports = this.dryRunPorts.get(tx);
    if (!ports) this.dryRunPorts.set(tx, (ports = []));
    return ports;
  }

  /** A port taken, or taken earlier in this write, is refused; the range is not checked (real dry runs accept 99999). */
  protected dryRunAllocate(port: number, tx: AllocationTx): void {
    const ports = this.dryRunOperation(tx);
    if (this.isAllocated(port) || ports.includes(port)) throw this.alreadyAllocated();
    ports.push(port);
  }

  /** One past the highest port of this write, 32769 for the first: a placeholder that may be taken or outside the range. */
  protected dryRunAllocateNext(tx: AllocationTx): number {
    const ports = this.dryRunOperation(tx);
    const next = (ports.length ? Math.max(...ports) : DRY_RUN_LAST_PORT) + 1;
    ports.push(next);
    return next;
  }
}
