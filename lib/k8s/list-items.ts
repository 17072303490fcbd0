import type { KubeList, KubeObject } from './types';

/**
 * The items of a list as whole objects. A real API server leaves `apiVersion` and `kind` out of a
 * list's items (the list says them once: `kind: ServiceList`); an object Porthole keeps from a list
 * (the watch cache, the detail page's YAML) carries them as a GET of that object would.
 */
export function itemsWithTypeMeta<T extends KubeObject>(list: KubeList<T>): T[] {
  const items = list.items ?? [];
  const kind = list.kind?.endsWith('List') ? list.kind.slice(0, -'List'.length) : undefined;
  const apiVersion = list.apiVersion;
  if (!kind || !apiVersion) return items;
  return items.map((o) => (o.kind && o.apiVersion ? o : { ...o, apiVersion: o.apiVersion ?? apiVersion, kind: o.kind ?? kind }));
}
