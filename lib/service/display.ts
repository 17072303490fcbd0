/**
 * How a Service is named on every screen (the list, the detail page, kubectl hints): its type, with
 * headless as a type of its own, and its selector as `key=value,…`. Pure.
 */
import type { Service } from '../k8s/types';
import { isHeadless } from './helpers';

export const DISPLAY_TYPES = ['ClusterIP', 'Headless', 'NodePort', 'LoadBalancer', 'ExternalName'] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];

export function displayType(svc: Service): DisplayType {
  const t = svc.spec?.type ?? 'ClusterIP';
  if (t === 'ClusterIP' && (isHeadless(svc) || svc.spec?.clusterIP === 'None')) return 'Headless';
  return t;
}

/** The selector as `k=v,k2=v2` (sorted by key); empty when the Service has none. */
export function selectorText(svc: Service): string {
  const sel = svc.spec?.selector;
  if (!sel) return '';
  return Object.keys(sel)
    .sort()
    .map((k) => `${k}=${sel[k]}`)
    .join(',');
}
