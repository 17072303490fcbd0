/**
 * The apiserver's RequestInfoFactory: from method + path to verb, group, version, namespace,
 * resource, subresource and name (`/api/v1/namespaces/x/services/y/status`, `/apis/<g>/<v>/...`,
 * legacy `/api/v1/watch/...`). Non-resource paths (`/version`, `/healthz`, ...) keep their path.
 */

export interface ResourceRequestInfo {
  isResourceRequest: true;
  path: string;
  verb: string;
  apiPrefix: 'api' | 'apis';
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  /** Path parts after the group version did not form a valid resource path (e.g. `/api/v1`). */
  parts: string[];
}

export interface NonResourceRequestInfo {
  isResourceRequest: false;
  path: string;
  verb: string;
}

export type RequestInfo = ResourceRequestInfo | NonResourceRequestInfo;

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

const METHOD_VERBS: Record<string, string> = {
  POST: 'create',
  GET: 'get',
  HEAD: 'get',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

function lower(method: string): string {
  return method.toLowerCase();
}

export function requestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  const segments = trimmed === '' ? [] : trimmed.split('/');
  const prefix = segments[0];
  if (prefix !== 'api' && prefix !== 'apis') return { isResourceRequest: false, path, verb: lower(method) };
  const minParts = prefix === 'api' ? 2 : 3;
  if (segments.length < minParts) return { isResourceRequest: false, path, verb: lower(method) };
  let parts = segments.slice(1);
  let apiGroup = '';
  if (prefix === 'apis') {
    apiGroup = parts[0];
    parts = parts.slice(1);
  }
  const apiVersion = parts[0];
  parts = parts.slice(1);
  let verb = METHOD_VERBS[method] ?? lower(method);
  if (parts[0] === 'watch') {
    verb = 'watch';
    parts = parts.slice(1);
  }
  let namespace = '';
  if (parts[0] === 'namespaces') {
    if (parts.length > 1) {
      namespace = parts[1];
      if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2])) parts = parts.slice(2);
    }
  }
  const info: ResourceRequestInfo = {
    isResourceRequest: true,
    path,
    verb,
    apiPrefix: prefix,
    apiGroup,
    apiVersion,
    namespace,
    resource: parts[0] ?? '',
    subresource: parts.length >= 3 ? parts[2] : '',
    name: parts.length >= 2 ? parts[1] : '',
    parts,
  };
  if (info.name === '' && verb === 'get') {
    const watch = query.get('watch');
    verb = watch === '1' || watch === 'true' ? 'watch' : 'list';
  }
  if (info.name === '' && verb === 'delete') verb = 'deletecollection';
  info.verb = verb;
  return info;
}
