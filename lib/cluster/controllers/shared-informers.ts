/**
 * The informers every controller shares (one cache per resource), with the indexes they need to
 * stay fast at 10,000 Services and 20,000 pods: pods by label pair, Services by one selector pair,
 * EndpointSlices by their Service.
 */
import type { Namespace, Node } from '../../k8s/types/cluster';
import type { EndpointSlice, Endpoints } from '../../k8s/types/discovery';
import type { Pod } from '../../k8s/types/pod';
import type { Service } from '../../k8s/types/service';
import { selectorMatches } from '../../k8s/labels';
import type { ClusterApi } from '../api';
import { SERVICE_NAME_LABEL } from './endpoint-slices';
import { Informer } from './informer';

export const POD_LABEL_INDEX = 'label';
export const SERVICE_SELECTOR_INDEX = 'selector';
export const SLICE_SERVICE_INDEX = 'service';

function labelPairs(ns: string, labels: Record<string, string> | undefined): string[] {
  return Object.entries(labels ?? {}).map(([k, v]) => `${ns}/${k}=${v}`);
}

/** One selector pair stands for the Service in the index (the smallest key). */
function selectorIndexKeys(svc: Service): string[] {
  const sel = svc.spec?.selector ?? {};
  const keys = Object.keys(sel).sort();
  if (keys.length === 0) return [];
  const k = keys[0];
  return [`${svc.metadata.namespace ?? ''}/${k}=${sel[k]}`];
}

export interface SharedInformers {
  services: Informer<Service>;
  pods: Informer<Pod>;
  nodes: Informer<Node>;
  namespaces: Informer<Namespace>;
  endpoints: Informer<Endpoints>;
  endpointslices: Informer<EndpointSlice>;
  start(): void;
  stop(): void;
}

export function createSharedInformers(api: ClusterApi): SharedInformers {
  const all = {
    services: new Informer<Service>(api, 'services').addIndex(SERVICE_SELECTOR_INDEX, selectorIndexKeys),
    pods: new Informer<Pod>(api, 'pods').addIndex(POD_LABEL_INDEX, (p) => labelPairs(p.metadata.namespace ?? '', p.metadata.labels)),
    nodes: new Informer<Node>(api, 'nodes'),
    namespaces: new Informer<Namespace>(api, 'namespaces'),
    endpoints: new Informer<Endpoints>(api, 'endpoints'),
    endpointslices: new Informer<EndpointSlice>(api, 'endpointslices').addIndex(SLICE_SERVICE_INDEX, (s) => {
      const svc = s.metadata.labels?.[SERVICE_NAME_LABEL];
      return svc === undefined ? [] : [`${s.metadata.namespace ?? ''}/${svc}`];
    }),
  };
  const list = Object.values(all);
  return {
    ...all,
    start: () => list.forEach((i) => i.start()),
    stop: () => list.forEach((i) => i.stop()),
  };
}

/** The pods a Service's selector picks (none without a selector). */
export function selectedPods(informers: SharedInformers, svc: Service): Pod[] {
  const sel = svc.spec?.selector ?? {};
  const [key] = selectorIndexKeys(svc);
  if (!key) return [];
  return informers.pods.byIndex(POD_LABEL_INDEX, key).filter((p) => selectorMatches(sel, p.metadata.labels ?? {}));
}

/** `ns/name` of every Service whose selector picks a pod with these labels. */
export function servicesSelecting(informers: SharedInformers, ns: string, labels: Record<string, string> | undefined): string[] {
  const out = new Set<string>();
  for (const pair of labelPairs(ns, labels)) {
    for (const svc of informers.services.byIndex(SERVICE_SELECTOR_INDEX, pair)) {
      if (selectorMatches(svc.spec?.selector ?? {}, labels ?? {})) out.add(`${ns}/${svc.metadata.name ?? ''}`);
    }
  }
  return [...out];
}

export function splitKey(key: string): [string, string] {
  const i = key.indexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}
