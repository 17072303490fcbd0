import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';

/** Porthole's own namespace: PORTHOLE_NAMESPACE, else its kubeconfig context's (in a Pod: its own), else `default`. */
export function portholeNamespace(kc: KubeConfig): string {
  return process.env.PORTHOLE_NAMESPACE || kc.getContextObject(kc.getCurrentContext())?.namespace || 'default';
}
