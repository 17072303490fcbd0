/**
 * Recognises the watch events a controller's own writes cause, so they do not queue the same work
 * again (a controller reacts to others' changes of its objects, not to its own). Store delivery is
 * synchronous, so an event that arrives while one of our writes runs is that write's echo; for a
 * store that delivered later, the written resourceVersion is remembered too.
 */
import type { KubeObject } from '../../k8s/types/meta';
import type { StoreEvent } from '../storage/types';

const MAX = 10_000;

export class OwnWrites {
  private readonly keys = new Set<string>();
  private active = 0;

  private remember(key: string): void {
    if (this.keys.size >= MAX) this.keys.clear();
    this.keys.add(key);
  }

  /** Runs a create/update; returns what it returned. */
  write<T extends KubeObject>(fn: () => T): T {
    this.active++;
    try {
      const out = fn();
      this.remember(`${out.metadata.namespace ?? ''}/${out.metadata.name ?? ''}@${out.metadata.resourceVersion ?? ''}`);
      return out;
    } finally {
      this.active--;
    }
  }

  /** Runs a delete. */
  remove(namespace: string | undefined, name: string, fn: () => void): void {
    this.active++;
    try {
      fn();
      this.remember(`${namespace ?? ''}/${name}@deleted`);
    } finally {
      this.active--;
    }
  }

  /** Whether the event is the echo of one of our writes. */
  isEcho(event: StoreEvent): boolean {
    if (this.active > 0) return true;
    const o = event.object;
    const key =
      event.type === 'DELETED'
        ? `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}@deleted`
        : `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}@${o.metadata.resourceVersion ?? ''}`;
    return this.keys.delete(key);
  }
}
