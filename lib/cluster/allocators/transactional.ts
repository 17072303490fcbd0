/**
 * How allocators tie into a storage Transaction: an allocation made inside one is released again
 * when the transaction does not commit (failure or dry run); a release inside one is deferred
 * until it committed (so a failed or dry-run delete or update keeps the value allocated).
 */
import type { Transaction } from '../storage/types';

/**
 * The part of a Transaction allocators need (a real one, or a small fake in tests). In a dry run the
 * allocators answer as kube-apiserver's dry-run allocators do (offset-allocator.ts): nothing reserved,
 * placeholders instead of free values.
 */
export type AllocationTx = Pick<Transaction, 'onRollback' | 'onCommit'> & Partial<Pick<Transaction, 'dryRun'>>;

export function undoOnRollback(tx: AllocationTx | undefined, undo: () => void): void {
  if (tx) tx.onRollback(undo);
}

export function releaseOnCommit(tx: AllocationTx | undefined, release: () => void): void {
  if (tx) tx.onCommit(release);
  else release();
}
