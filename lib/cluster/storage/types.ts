/**
 * The embedded cluster's storage contract. Everything above storage (REST handlers, allocators,
 * controllers) talks to this interface; the implementation keeps objects in memory and, with a data
 * directory, writes every committed transaction to SQLite before acknowledging it.
 *
 * Rules:
 * - Objects handed out are frozen snapshots: copy before changing (`structuredClone`).
 * - Every committed write gets the next cluster-wide resourceVersion (a decimal string on the wire,
 *   a number here); list/get/watch see writes only once their transaction committed.
 * - `transact` is synchronous. If `fn` throws, no write of it is stored, persisted or emitted, and
 *   every `onRollback` callback runs (newest first): that is how allocations revert with a failed
 *   write. `dryRun` transactions run the same code and always roll back, after `fn` returns.
 */
import type { KubeObject } from '../../k8s/types/meta';

/** The stored resources, by their plural name (unique among what the embedded cluster serves). */
export type StoredResource = 'namespaces' | 'services' | 'endpoints' | 'pods' | 'nodes' | 'events' | 'endpointslices' | 'leases';

export type StoreEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  type: StoreEventType;
  resource: StoredResource;
  /** The object after the write (for DELETED: the last state, with the deletion's resourceVersion). */
  object: KubeObject;
  /** For MODIFIED and DELETED: the object before the write. */
  previous?: KubeObject;
  resourceVersion: number;
}

export interface Transaction {
  readonly dryRun: boolean;
  /** Stores a new object; sets metadata.resourceVersion. Throws StoreError 'AlreadyExists'. */
  create(resource: StoredResource, obj: KubeObject): KubeObject;
  /**
   * Replaces an existing object; sets a new metadata.resourceVersion. With `expectedResourceVersion`
   * throws StoreError 'Conflict' when the stored one differs. Throws StoreError 'NotFound'.
   */
  update(resource: StoredResource, obj: KubeObject, expectedResourceVersion?: string): KubeObject;
  /** Removes an object and returns its last state. Throws StoreError 'NotFound'. */
  delete(resource: StoredResource, namespace: string | undefined, name: string): KubeObject;
  /** Reads through the transaction (sees its own uncommitted writes). */
  get(resource: StoredResource, namespace: string | undefined, name: string): KubeObject | undefined;
  /** Runs when the transaction does not commit (failure or dry run), newest first. */
  onRollback(undo: () => void): void;
  /** Runs after the transaction committed and its events were delivered. */
  onCommit(done: () => void): void;
}

export type StoreErrorCode = 'NotFound' | 'AlreadyExists' | 'Conflict' | 'Gone';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export interface Store {
  /** The resourceVersion of the newest committed write (0 for an empty store). */
  currentResourceVersion(): number;
  get(resource: StoredResource, namespace: string | undefined, name: string): KubeObject | undefined;
  /** Objects in key order (namespace, then name); all namespaces when `namespace` is undefined. */
  list(resource: StoredResource, namespace?: string): KubeObject[];
  transact<T>(fn: (tx: Transaction) => T, options?: { dryRun?: boolean }): T;
  /**
   * Delivers every committed event of `resource` (in `namespace`, or all) with a resourceVersion
   * greater than `sinceResourceVersion`, first those still in the bounded history, then live ones.
   * Throws StoreError 'Gone' when `sinceResourceVersion` is older than the history holds.
   * Returns the function that stops the watch.
   */
  watch(
    resource: StoredResource,
    namespace: string | undefined,
    sinceResourceVersion: number,
    listener: (event: StoreEvent) => void,
  ): () => void;
  close(): void;
}
