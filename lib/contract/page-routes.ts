/**
 * Porthole's page URLs, in one place (components link through these, never by hand). When Porthole
 * knows several clusters every page URL names its cluster (`?cluster=`): components take the routes
 * of their cluster from `usePageRoutes()` (cluster-context.tsx), server pages from `routesFor(cluster)`.
 */
import { DEFAULT_VIEW, serializeViewState, type ListViewState } from '../service-list/url-state';
import { withClusterParam } from './cluster-scope';

const routes = {
  serviceListPath: '/services',
  /** Token mode's sign-in page; `reason` says why the user is there (expired, ended, signed-out). */
  signIn: (reason?: string, next?: string) => {
    const q = new URLSearchParams();
    if (reason) q.set('reason', reason);
    if (next) q.set('next', next);
    const text = q.toString();
    return `/signin${text ? `?${text}` : ''}`;
  },
  /** The Service list with a view state (namespace, search, filters, sort). */
  serviceList: (view: Partial<ListViewState> = {}) => `/services${serializeViewState({ ...DEFAULT_VIEW, ...view })}`,
  service: (namespace: string, name: string) => `/services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`,
  /** The create form; `type` preselects the kind (ClusterIP, headless, NodePort, LoadBalancer, ExternalName). */
  newService: (opts: { type?: string; namespace?: string } = {}) => {
    const q = new URLSearchParams();
    if (opts.type) q.set('type', opts.type);
    if (opts.namespace) q.set('namespace', opts.namespace);
    const text = q.toString();
    return `/services/new${text ? `?${text}` : ''}`;
  },
  /** The edit form of one Service. */
  editService: (namespace: string, name: string) => `/services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/edit`,
  /** The guided "Expose a workload" flow for newcomers. */
  newServiceGuided: (opts: { namespace?: string; step?: number } = {}) => {
    const q = new URLSearchParams();
    if (opts.step) q.set('step', String(opts.step));
    if (opts.namespace) q.set('namespace', opts.namespace);
    const text = q.toString();
    return `/services/new/guided${text ? `?${text}` : ''}`;
  },
  /** The YAML editor of one Service. */
  serviceYaml: (namespace: string, name: string) => `/services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/yaml`,
  /** The YAML editor opened on a recorded version of the Service (restore, with the diff against live). */
  restoreServiceVersion: (namespace: string, name: string, versionId: string) =>
    `/services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/yaml?restore=${encodeURIComponent(versionId)}`,
  /** The recently deleted Services of a namespace (from Porthole's recorded history). */
  deletedServices: (namespace: string) => `/services/deleted?namespace=${encodeURIComponent(namespace)}`,
  isServicesSection: (pathname: string) => pathname === '/services' || pathname.startsWith('/services/'),
  /** The namespace of the Service a page shows (its detail, edit form or YAML editor); undefined elsewhere (the list, /services/new…). */
  namespaceOfPage: (pathname: string): string | undefined => {
    const match = /^\/services\/([^/]+)\/[^/]+(?:\/(?:edit|yaml))?$/.exec(pathname);
    if (!match || match[1] === 'new') return undefined;
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return undefined;
    }
  },
};

export type PageRoutes = typeof routes;

/** The page URLs of one cluster (`cluster` undefined: no `?cluster=`, as with a single cluster). */
export function routesFor(cluster: string | undefined): PageRoutes {
  if (!cluster) return routes;
  const scoped =
    <A extends unknown[]>(build: (...args: A) => string) =>
    (...args: A): string =>
      withClusterParam(build(...args), cluster);
  return {
    ...routes,
    serviceList: scoped(routes.serviceList),
    service: scoped(routes.service),
    newService: scoped(routes.newService),
    editService: scoped(routes.editService),
    newServiceGuided: scoped(routes.newServiceGuided),
    serviceYaml: scoped(routes.serviceYaml),
    restoreServiceVersion: scoped(routes.restoreServiceVersion),
    deletedServices: scoped(routes.deletedServices),
  };
}

/** The routes without a cluster: single-cluster URLs, and paths for comparisons (`serviceListPath`, `isServicesSection`). */
export const pageRoutes = routes;
