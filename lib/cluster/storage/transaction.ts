/**
 * A staged transaction: writes are kept aside (readable through `get`), each with the next
 * tentative resourceVersion, and only reach the store when `transact` commits them.
 */
import type { KubeObject } from '../../k8s/types/meta';
import type { StoreEventType, StoredResource, Transaction } from './types';
import { StoreError } from './types';
import { normalizedCopy, seal, storedCopy } from './freeze';
import { jsonEqual } from '../../k8s/json';
import type { MemoryObjects } from './memory-store';
import { objectKey } from './object-key';

export interface StagedWrite {
  type: StoreEventType;
  resource: StoredResource;
  key: string;
  namespace: string;
  name: string;
  /** The stored object (for DELETED: the last state, carrying the deletion's resourceVersion). */
  object: KubeObject;
  previous?: KubeObject;
  resourceVersion: number;
}

function describe(resource: StoredResource, name: string): string {
  return `${resource} "${name}"`;
}

function identify(obj: KubeObject): { namespace: string; name: string } {
  const name = obj.metadata?.name;
  if (typeof name !== 'string' || name === '') throw new TypeError('storage: object has no metadata.name');
  const namespace = obj.metadata.namespace ?? '';
  if (typeof namespace !== 'string') throw new TypeError('storage: metadata.namespace must be a string');
  return { namespace, name };
}

export class StagedTransaction implements Transaction {
  readonly writes: StagedWrite[] = [];
  readonly rollbacks: (() => void)[] = [];
  readonly commits: (() => void)[] = [];
  /** Per resource: key → staged object, or null when deleted in this transaction. */
  private readonly staged = new Map<StoredResource, Map<string, KubeObject | null>>();
  private nextResourceVersion: number;
  private open = true;

  constructor(
    private readonly objects: MemoryObjects,
    baseResourceVersion: number,
    readonly dryRun: boolean,
  ) {
    this.nextResourceVersion = baseResourceVersion;
  }

  /** The resourceVersion of the newest staged write (the base one when nothing was written). */
  get lastResourceVersion(): number {
    return this.nextResourceVersion;
  }

  /** Ends the transaction: later calls on it throw. */
  finish(): void {
    this.open = false;
  }

  create(resource: StoredResource, obj: KubeObject): KubeObject {
    this.checkOpen();
    const { namespace, name } = identify(obj);
    const key = objectKey(namespace, name);
    if (this.current(resource, key)) {
      throw new StoreError('AlreadyExists', `${describe(resource, name)} already exists`);
    }
    const rv = ++this.nextResourceVersion;
    const stored = storedCopy(obj, rv);
    this.stage({ type: 'ADDED', resource, key, namespace, name, object: stored, resourceVersion: rv }, stored);
    return stored;
  }

  /**
   * Replaces the stored object. An update whose content (ignoring resourceVersion) equals the stored
   * object is not a write: it returns the stored object unchanged, as etcd3's GuaranteedUpdate does.
   */
  update(resource: StoredResource, obj: KubeObject, expectedResourceVersion?: string): KubeObject {
    this.checkOpen();
    const { namespace, name } = identify(obj);
    const key = objectKey(namespace, name);
    const previous = this.current(resource, key);
    if (!previous) throw new StoreError('NotFound', `${describe(resource, name)} not found`);
    if (expectedResourceVersion !== undefined && expectedResourceVersion !== previous.metadata.resourceVersion) {
      throw new StoreError(
        'Conflict',
        `Operation cannot be fulfilled on ${describe(resource, name)}: the object has been modified; please apply your changes to the latest version and try again`,
      );
    }
    // Like etcd3's GuaranteedUpdate: an update that changes nothing is not a write (same
    // resourceVersion, no event, nothing persisted) and returns the stored object.
    const copy = normalizedCopy(obj, previous.metadata.resourceVersion);
    if (jsonEqual(copy, previous)) return previous;
    const rv = ++this.nextResourceVersion;
    const stored = seal(copy, rv);
    this.stage({ type: 'MODIFIED', resource, key, namespace, name, object: stored, previous, resourceVersion: rv }, stored);
    return stored;
  }

  delete(resource: StoredResource, namespace: string | undefined, name: string): KubeObject {
    this.checkOpen();
    const key = objectKey(namespace, name);
    const previous = this.current(resource, key);
    if (!previous) throw new StoreError('NotFound', `${describe(resource, name)} not found`);
    const rv = ++this.nextResourceVersion;
    const last = Object.freeze({ ...previous, metadata: Object.freeze({ ...previous.metadata, resourceVersion: String(rv) }) });
    this.stage(
      { type: 'DELETED', resource, key, namespace: namespace ?? '', name, object: last, previous, resourceVersion: rv },
      null,
    );
    return previous;
  }

  get(resource: StoredResource, namespace: string | undefined, name: string): KubeObject | undefined {
    this.checkOpen();
    return this.current(resource, objectKey(namespace, name));
  }

  onRollback(undo: () => void): void {
    this.checkOpen();
    this.rollbacks.push(undo);
  }

  onCommit(done: () => void): void {
    this.checkOpen();
    this.commits.push(done);
  }

  private current(resource: StoredResource, key: string): KubeObject | undefined {
    const staged = this.staged.get(resource);
    if (staged?.has(key)) return staged.get(key) ?? undefined;
    return this.objects.getByKey(resource, key);
  }

  private stage(write: StagedWrite, value: KubeObject | null): void {
    let staged = this.staged.get(write.resource);
    if (!staged) {
      staged = new Map();
      this.staged.set(write.resource, staged);
    }
    staged.set(write.key, value);
    this.writes.push(write);
  }

  private checkOpen(): void {
    if (!this.open) throw new Error('storage: the transaction is already over');
  }
}
