import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import { statusError } from '../k8s/status';
import { RequestError } from './errors';
import { collectionPath, objectPath } from './resources';
import { upstream, type UpstreamResponse } from './upstream';

/**
 * The fixed allowlist of operations Porthole performs against the API server. Each is typed and
 * builds its own path; there is no way to reach any other path through them.
 */
export interface WriteOptions {
  dryRun?: 'All';
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
  fieldManager?: string;
  force?: boolean;
}

const FIELD_VALIDATION = new Set(['Strict', 'Warn', 'Ignore']);
const FIELD_MANAGER = /^[\x21-\x7e]{1,128}$/;

/** Reads the write options from a query string, refusing values the API server would refuse. */
export function writeOptionsFrom(url: URL): WriteOptions {
  const opts: WriteOptions = {};
  const dryRun = url.searchParams.get('dryRun');
  if (dryRun !== null) {
    if (dryRun !== 'All') throw new RequestError(statusError.badRequest(`Invalid dry run value: unsupported dry run value "${dryRun}"; supported: "All"`));
    opts.dryRun = 'All';
  }
  const fv = url.searchParams.get('fieldValidation');
  if (fv !== null) {
    if (!FIELD_VALIDATION.has(fv)) throw new RequestError(statusError.badRequest(`fieldValidation must be one of Strict, Warn, Ignore (got "${fv}")`));
    opts.fieldValidation = fv as WriteOptions['fieldValidation'];
  }
  const fm = url.searchParams.get('fieldManager');
  if (fm !== null) {
    if (!FIELD_MANAGER.test(fm)) throw new RequestError(statusError.badRequest('fieldManager must be 1-128 printable ASCII characters'));
    opts.fieldManager = fm;
  }
  const force = url.searchParams.get('force');
  if (force !== null) opts.force = force === 'true';
  return opts;
}

function writeQuery(opts: WriteOptions, defaultManager = 'porthole'): Record<string, string | undefined> {
  return {
    dryRun: opts.dryRun,
    fieldValidation: opts.fieldValidation,
    fieldManager: opts.fieldManager ?? defaultManager,
    force: opts.force === undefined ? undefined : String(opts.force),
  };
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  signal?: AbortSignal;
  /** Relayed to a client that takes gzip: the API server may send it gzipped (UpstreamRequest.gzip). */
  gzip?: boolean;
}

function list(kc: KubeConfig, resource: Parameters<typeof collectionPath>[0], o: ListOptions): Promise<UpstreamResponse> {
  return upstream(kc, {
    method: 'GET',
    path: collectionPath(resource, o.namespace),
    query: { labelSelector: o.labelSelector, fieldSelector: o.fieldSelector },
    signal: o.signal,
    gzip: o.gzip,
  });
}

export const services = {
  list: (kc: KubeConfig, o: ListOptions) => list(kc, 'services', o),
  get: (kc: KubeConfig, ns: string, name: string, signal?: AbortSignal) =>
    upstream(kc, { method: 'GET', path: objectPath('services', ns, name), signal }),
  create: (kc: KubeConfig, ns: string, body: Buffer, opts: WriteOptions) =>
    upstream(kc, { method: 'POST', path: collectionPath('services', ns), body, contentType: 'application/json', query: writeQuery(opts) }),
  replace: (kc: KubeConfig, ns: string, name: string, body: Buffer, opts: WriteOptions) =>
    upstream(kc, { method: 'PUT', path: objectPath('services', ns, name), body, contentType: 'application/json', query: writeQuery(opts) }),
  patch: (kc: KubeConfig, ns: string, name: string, body: Buffer, contentType: string, opts: WriteOptions) =>
    upstream(kc, {
      method: 'PATCH',
      path: objectPath('services', ns, name),
      body,
      contentType,
      // force is only meaningful (and only accepted) for server-side apply.
      query: writeQuery(contentType === 'application/apply-patch+yaml' ? opts : { ...opts, force: undefined }),
    }),
  delete: (kc: KubeConfig, ns: string, name: string, body: Buffer | undefined, opts: WriteOptions) =>
    upstream(kc, {
      method: 'DELETE',
      path: objectPath('services', ns, name),
      body,
      contentType: body ? 'application/json' : undefined,
      query: { dryRun: opts.dryRun },
    }),
};

export const endpointSlices = {
  /**
   * `serviceName` narrows to the slices of one Service, `serviceNames` to those of several (label
   * kubernetes.io/service-name; names are validated DNS labels, so they need no quoting in a selector).
   */
  list: (kc: KubeConfig, o: ListOptions & { serviceName?: string; serviceNames?: readonly string[] }) =>
    list(kc, 'endpointslices', {
      ...o,
      labelSelector: o.serviceName ? `kubernetes.io/service-name=${o.serviceName}` : o.serviceNames ? `kubernetes.io/service-name in (${o.serviceNames.join(',')})` : undefined,
    }),
};

export const endpoints = {
  list: (kc: KubeConfig, o: ListOptions) => list(kc, 'endpoints', { ...o, labelSelector: undefined, fieldSelector: undefined }),
  get: (kc: KubeConfig, ns: string, name: string, signal?: AbortSignal) =>
    upstream(kc, { method: 'GET', path: objectPath('endpoints', ns, name), signal }),
};

export const pods = {
  list: (kc: KubeConfig, o: ListOptions) => list(kc, 'pods', { ...o, fieldSelector: undefined }),
};

export interface InvolvedObject {
  kind?: string;
  name?: string;
  uid?: string;
}

export function involvedObjectSelector(o: InvolvedObject): string | undefined {
  const parts: string[] = [];
  if (o.kind) parts.push(`involvedObject.kind=${o.kind}`);
  if (o.name) parts.push(`involvedObject.name=${o.name}`);
  if (o.uid) parts.push(`involvedObject.uid=${o.uid}`);
  return parts.length ? parts.join(',') : undefined;
}

export const events = {
  list: (kc: KubeConfig, o: ListOptions & { involved?: InvolvedObject }) =>
    list(kc, 'events', { namespace: o.namespace, signal: o.signal, gzip: o.gzip, fieldSelector: o.involved ? involvedObjectSelector(o.involved) : undefined }),
};

export const namespaces = { list: (kc: KubeConfig, o: Pick<ListOptions, 'signal' | 'gzip'> = {}) => list(kc, 'namespaces', o) };
export const nodes = { list: (kc: KubeConfig, o: Pick<ListOptions, 'signal' | 'gzip'> = {}) => list(kc, 'nodes', o) };

export const accessReviews = {
  selfSubjectAccess: (kc: KubeConfig, body: Buffer, signal?: AbortSignal) =>
    upstream(kc, { method: 'POST', path: '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', body, contentType: 'application/json', signal }),
};

/** `/openapi/v3/api/v1?hash=<hex>`: the only document URL of the index Porthole follows (core/v1 defines the Service). */
const CORE_V1_DOCUMENT = /^\/openapi\/v3\/api\/v1(\?hash=[0-9A-Fa-f]{1,256})?$/;

export const openApi = {
  /** The OpenAPI v3 index: each group version with the (content-hashed) URL of its document. */
  index: (kc: KubeConfig, signal?: AbortSignal) => upstream(kc, { method: 'GET', path: '/openapi/v3', signal }),
  /** The OpenAPI v3 document of the core/v1 group at the URL the index gave, which defines io.k8s.api.core.v1.Service. */
  document: (kc: KubeConfig, url: string, signal?: AbortSignal) => {
    if (!CORE_V1_DOCUMENT.test(url)) throw new RequestError(statusError.internal('the OpenAPI index named an unexpected document URL'));
    return upstream(kc, { method: 'GET', path: url, signal });
  },
};
