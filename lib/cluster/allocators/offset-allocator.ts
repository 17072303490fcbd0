/**
 * What the ClusterIP and NodePort allocators share: a bitmap over offsets, values mapped to offsets
 * by the subclass, reservations undone when the transaction rolls back and releases deferred to its
 * commit (so a failed or dry-run write leaves the bitmap as it was). In a dry run (tx.dryRun) nothing
 * is reserved and each subclass answers as its kube-apiserver counterpart's dry-run form does
 * (`dryRunAllocate`, `dryRunAllocateNext`): placeholders, not free values.
 */
import { allocationErrors, type AllocationError } from './allocation-error';
import type { RangeAllocator } from './range-allocator';
import { releaseOnCommit, undoOnRollback, type AllocationTx } from './transactional';

export abstract class OffsetAllocator<T> {
  protected constructor(protected readonly bits: RangeAllocator) {}

  /** The bitmap offset of `value`, or undefined when it lies outside the range. */
  protected abstract offsetOf(value: T): number | undefined;
  protected abstract valueAt(offset: number): T;
  protected abstract notInRange(value: T): AllocationError;
  protected abstract alreadyAllocated(): AllocationError;
  /** `allocate` in a dry run: throws what the real dry-run allocator refuses, reserves nothing. */
  protected abstract dryRunAllocate(value: T, tx: AllocationTx): void;
  /** `allocateNext` in a dry run: the real dry-run allocator's placeholder. */
  protected abstract dryRunAllocateNext(tx: AllocationTx): T;

  isAllocated(value: T): boolean {
    const offset = this.offsetOf(value);
    return offset !== undefined && this.bits.has(offset);
  }

  /** Reserves `value`; throws AllocationError (not in range / already allocated). */
  allocate(value: T, tx?: AllocationTx): void {
    if (tx?.dryRun) return this.dryRunAllocate(value, tx);
    const offset = this.offsetOf(value);
    if (offset === undefined) throw this.notInRange(value);
    if (!this.bits.allocate(offset)) throw this.alreadyAllocated();
    undoOnRollback(tx, () => this.bits.release(offset));
  }

  /** Reserves a free value; throws AllocationError 'range is full'. */
  allocateNext(tx?: AllocationTx): T {
    if (tx?.dryRun) return this.dryRunAllocateNext(tx);
    const offset = this.bits.allocateNext();
    if (offset === undefined) throw allocationErrors.full();
    undoOnRollback(tx, () => this.bits.release(offset));
    return this.valueAt(offset);
  }

  /** Frees `value` (deferred to commit inside a transaction); values outside the range are ignored. */
  release(value: T, tx?: AllocationTx): void {
    const offset = this.offsetOf(value);
    if (offset === undefined) return;
    releaseOnCommit(tx, () => this.bits.release(offset));
  }

  /** Marks `value` used without errors (rebuild after a restart); false when outside or already taken. */
  mark(value: T): boolean {
    const offset = this.offsetOf(value);
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
