/**
 * A local cache of one resource kept current from ClusterApi.watch (client-go's informer): the
 * watch is opened and the list read in the same synchronous step, so no event is lost. Optional
 * indexes map an object to keys (e.g. EndpointSlices by their Service).
 */
import type { KubeObject } from '../../k8s/types/meta';
import type { ClusterApi } from '../api';
import type { StoreEvent, StoredResource } from '../storage/types';

const NAMESPACE_INDEX = '__namespace';

export type IndexFn<T> = (obj: T) => string[];

export function objectKeyOf(obj: KubeObject): string {
  return `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

export class Informer<T extends KubeObject> {
  private readonly items = new Map<string, T>();
  private readonly indexes = new Map<string, { fn: IndexFn<T>; buckets: Map<string, Map<string, T>> }>();
  private readonly handlers: ((event: StoreEvent, obj: T, prev: T | undefined) => void)[] = [];
  private stopWatch: (() => void) | undefined;

  constructor(
    private readonly api: ClusterApi,
    readonly resource: StoredResource,
  ) {
    this.addIndex(NAMESPACE_INDEX, (o) => [o.metadata.namespace ?? '']);
  }

  addIndex(name: string, fn: IndexFn<T>): this {
    this.indexes.set(name, { fn, buckets: new Map() });
    return this;
  }

  onEvent(handler: (event: StoreEvent, obj: T, prev: T | undefined) => void): this {
    this.handlers.push(handler);
    return this;
  }

  start(): void {
    this.stopWatch = this.api.watch(this.resource, (event) => this.apply(event));
    for (const obj of this.api.list<T>(this.resource)) this.put(obj);
  }

  stop(): void {
    this.stopWatch?.();
    this.stopWatch = undefined;
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.items.get(`${namespace ?? ''}/${name}`);
  }

  list(namespace?: string): T[] {
    return namespace === undefined ? [...this.items.values()] : this.byIndex(NAMESPACE_INDEX, namespace);
  }

  byIndex(name: string, key: string): T[] {
    const bucket = this.indexes.get(name)?.buckets.get(key);
    return bucket ? [...bucket.values()] : [];
  }

  private apply(event: StoreEvent): void {
    const obj = event.object as T;
    const prev = this.items.get(objectKeyOf(obj));
    if (event.type === 'DELETED') this.remove(obj);
    else this.put(obj);
    for (const h of this.handlers) h(event, obj, prev);
  }

  private put(obj: T): void {
    const key = objectKeyOf(obj);
    const prev = this.items.get(key);
    if (prev) this.unindex(key, prev);
    this.items.set(key, obj);
    for (const { fn, buckets } of this.indexes.values()) {
      for (const k of fn(obj)) {
        let b = buckets.get(k);
        if (!b) buckets.set(k, (b = new Map()));
        b.set(key, obj);
      }
    }
  }

  private remove(obj: KubeObject): void {
    const key = objectKeyOf(obj);
    const prev = this.items.get(key);
    if (prev) this.unindex(key, prev);
    this.items.delete(key);
  }

  private unindex(key: string, obj: T): void {
    for (const { fn, buckets } of this.indexes.values()) {
      for (const k of fn(obj)) {
        const b = buckets.get(k);
        b?.delete(key);
        if (b && b.size === 0) buckets.delete(k);
      }
    }
  }
}
