/**
 * The committed objects of every resource, in memory.
 *
 * Per resource: a Map for point reads and two parallel arrays (sorted keys, objects) so that
 * `list(resource)` and `list(resource, namespace)` are one binary search and one `slice` — no sort on
 * read. Writes keep the arrays sorted (binary search + splice; an update replaces in place).
 */
import type { KubeObject } from '../../k8s/types/meta';
import type { StoredResource } from './types';
import { namespaceRange, objectKey } from './object-key';

/** Index of the first element of `keys` that is >= `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

class ResourceTable {
  private readonly byKey = new Map<string, KubeObject>();
  private readonly keys: string[] = [];
  private readonly objects: KubeObject[] = [];

  get size(): number {
    return this.keys.length;
  }

  get(key: string): KubeObject | undefined {
    return this.byKey.get(key);
  }

  put(key: string, obj: KubeObject): void {
    const existed = this.byKey.has(key);
    this.byKey.set(key, obj);
    const last = this.keys.length - 1;
    if (!existed && (last < 0 || this.keys[last] < key)) {
      this.keys.push(key);
      this.objects.push(obj);
      return;
    }
    const index = lowerBound(this.keys, key);
    if (existed) {
      this.objects[index] = obj;
    } else {
      this.keys.splice(index, 0, key);
      this.objects.splice(index, 0, obj);
    }
  }

  remove(key: string): void {
    if (!this.byKey.delete(key)) return;
    const index = lowerBound(this.keys, key);
    this.keys.splice(index, 1);
    this.objects.splice(index, 1);
  }

  list(namespace?: string): KubeObject[] {
    if (namespace === undefined) return this.objects.slice();
    const { from, to } = namespaceRange(namespace);
    const start = lowerBound(this.keys, from);
    const end = lowerBound(this.keys, to);
    return this.objects.slice(start, end);
  }
}

export class MemoryObjects {
  private readonly tables = new Map<StoredResource, ResourceTable>();

  private table(resource: StoredResource): ResourceTable {
    let table = this.tables.get(resource);
    if (!table) {
      table = new ResourceTable();
      this.tables.set(resource, table);
    }
    return table;
  }

  get(resource: StoredResource, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.tables.get(resource)?.get(objectKey(namespace, name));
  }

  getByKey(resource: StoredResource, key: string): KubeObject | undefined {
    return this.tables.get(resource)?.get(key);
  }

  /** Objects in key order; all namespaces when `namespace` is undefined. A fresh array each call. */
  list(resource: StoredResource, namespace?: string): KubeObject[] {
    return this.tables.get(resource)?.list(namespace) ?? [];
  }

  count(resource: StoredResource): number {
    return this.tables.get(resource)?.size ?? 0;
  }

  put(resource: StoredResource, key: string, obj: KubeObject): void {
    this.table(resource).put(key, obj);
  }

  remove(resource: StoredResource, key: string): void {
    this.tables.get(resource)?.remove(key);
  }
}
