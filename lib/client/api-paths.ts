/**
 * The URLs of Porthole's route handlers, in one place. Hooks build requests from these; components
 * never see a URL. Every request goes out through `apiUrl`, which names the document's cluster
 * (`?cluster=`, see cluster-scope.ts) when Porthole knows several.
 */
import { clusterScope, withClusterParam } from '../contract/cluster-scope';

const enc = encodeURIComponent;
const q = (params: Record<string, string | undefined>): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, v);
  const text = s.toString();
  return text ? `?${text}` : '';
};

export interface WriteQuery {
  dryRun?: boolean;
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
  fieldManager?: string;
  force?: boolean;
}

export const writeQuery = (o: WriteQuery = {}) =>
  q({ dryRun: o.dryRun ? 'All' : undefined, fieldValidation: o.fieldValidation, fieldManager: o.fieldManager, force: o.force ? 'true' : undefined });

export const apiPaths = {
  services: (namespace?: string) => (namespace ? `/api/namespaces/${enc(namespace)}/services` : '/api/services'),
  /** The Service list's projection (what the list shows), not whole objects. */
  serviceRows: (namespace?: string) => `/api/service-rows${q({ namespace })}`,
  service: (namespace: string, name: string) => `/api/namespaces/${enc(namespace)}/services/${enc(name)}`,
  endpointSlices: (namespace?: string, service?: string) => (namespace ? `/api/namespaces/${enc(namespace)}/endpointslices${q({ service })}` : '/api/endpointslices'),
  endpoints: (namespace: string, name: string) => `/api/namespaces/${enc(namespace)}/endpoints/${enc(name)}`,
  pods: (namespace: string, labelSelector?: string) => `/api/namespaces/${enc(namespace)}/pods${q({ labelSelector })}`,
  events: (namespace: string, involved: { kind?: string; name?: string; uid?: string }) => `/api/namespaces/${enc(namespace)}/events${q(involved)}`,
  /** Try it (POST, NDJSON answer) and local forwards to a Service (POST). */
  serviceTry: (namespace: string, name: string) => `/api/namespaces/${enc(namespace)}/services/${enc(name)}/try`,
  serviceForwards: (namespace: string, name: string) => `/api/namespaces/${enc(namespace)}/services/${enc(name)}/forwards`,
  /** The identity's local forwards (GET), one of them (DELETE stops it). */
  forwards: () => '/api/forwards',
  forward: (id: string) => `/api/forwards/${enc(id)}`,
  namespaces: () => '/api/namespaces',
  nodes: () => '/api/nodes',
  selfSubjectAccessReview: () => '/api/access/selfsubjectaccessreviews',
  serviceOpenApi: () => '/api/openapi/services',
  identity: () => '/api/identity',
  /** Every cluster Porthole knows, with its reachability (the cluster picker). */
  clusters: () => '/api/clusters',
  watch: () => '/api/watch',
  /** Token sign-in (POST), who is signed in (GET). */
  session: () => '/api/session',
  signOut: () => '/api/session/sign-out',
  /** Recorded versions of one Service, newest first (`before`: an entry id, for the next page). */
  serviceHistory: (namespace: string, name: string, o: { limit?: number; before?: string } = {}) =>
    `/api/history/namespaces/${enc(namespace)}/services/${enc(name)}${q({ limit: o.limit?.toString(), before: o.before })}`,
  serviceHistoryVersion: (namespace: string, name: string, id: string) => `/api/history/namespaces/${enc(namespace)}/services/${enc(name)}/versions/${enc(id)}`,
  deletedServices: (namespace: string) => `/api/history/namespaces/${enc(namespace)}/deleted`,
};

/** Paths that are not about one cluster: the sign-in session (token mode is single-cluster). */
const UNSCOPED = new Set([apiPaths.session(), apiPaths.signOut(), apiPaths.clusters()]);

/**
 * The URL a request is sent to: the API path with the cluster this document shows (`cluster`, or the
 * document's scope), so a request never reaches another cluster's data.
 */
export function apiUrl(path: string, cluster: string | undefined = clusterScope()): string {
  return UNSCOPED.has(path.split('?')[0]) ? path : withClusterParam(path, cluster);
}
