/**
 * Object keys: namespace, then name. Cluster-scoped objects have the namespace ''.
 * The composite key `namespace + '\u0000' + name` compares (as a string) exactly like the pair, because
 * '\u0000' sorts before every character a namespace or name may hold.
 */
import type { KubeObject } from '../../k8s/types/meta';

const SEPARATOR = '\u0000';

export function objectKey(namespace: string | undefined, name: string): string {
  return (namespace ?? '') + SEPARATOR + name;
}

export function keyOf(obj: KubeObject): string {
  return objectKey(obj.metadata.namespace, obj.metadata.name ?? '');
}

/** The first key of `namespace` and the first key past it. */
export function namespaceRange(namespace: string): { from: string; to: string } {
  return { from: namespace + SEPARATOR, to: namespace + '\u0001' };
}

/** Compares two objects in key order (namespace, then name), for callers that sort themselves. */
export function compareObjectKeys(a: KubeObject, b: KubeObject): number {
  const ka = keyOf(a);
  const kb = keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
