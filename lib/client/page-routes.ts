/** Porthole's page URLs, in one place (components link through these, never by hand). */
import { DEFAULT_VIEW, serializeViewState, type ListViewState } from '../service-list/url-state';

export const pageRoutes = {
  serviceListPath: '/services',
  /** "Edit YAML" of one Service. */
  serviceYaml: (namespace: string, name: string) => `/services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/yaml`,
  /** The Service list with a view state (namespace, search, filters, sort). */
  serviceList: (view: Partial<ListViewState> = {}) => `/services${serializeViewState({ ...DEFAULT_VIEW, ...view })}`,
  service: (namespace: string, name: string) => `/services/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`,
  isServicesSection: (pathname: string) => pathname === '/services' || pathname.startsWith('/services/'),
};
