/**
 * The request attributes of an HTTP request, as the real server's RequestInfoFactory derives them
 * (k8s.io/apiserver/pkg/endpoints/request/requestinfo.go): which paths are resource requests, the
 * verb (GET without a name is list or watch, DELETE without a name is deletecollection), the
 * namespace (also for `/api/v1/namespaces/<name>` itself), name and subresource.
 */
import type { RequestAttributes } from './types';

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);
const TRUE_VALUES = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);

function methodVerb(method: string): string {
  switch (method.toUpperCase()) {
    case 'POST':
      return 'create';
    case 'GET':
    case 'HEAD':
      return 'get';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return '';
  }
}

/** The name an exact `metadata.name=` field selector pins a list or watch to (as RequiresExactMatch). */
function nameFromFieldSelector(selector: string | null): string | undefined {
  if (!selector) return undefined;
  for (const term of selector.split(',')) {
    const m = /^\s*metadata\.name\s*==?\s*(.*?)\s*$/.exec(term);
    if (m && m[1] && !m[1].includes('/') && m[1] !== '.' && m[1] !== '..' && !m[1].includes('%')) return m[1];
  }
  return undefined;
}

/** Attributes of `method` on `url` (a path with an optional query string). */
export function requestAttributes(method: string, url: string): RequestAttributes {
  const parsed = new URL(url, 'http://localhost');
  const path = parsed.pathname;
  const nonResource: RequestAttributes = { verb: method.toLowerCase(), path };
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length === 0) return nonResource;

  let rest: string[];
  let apiGroup = '';
  if (parts[0] === 'api') {
    if (parts.length < 3) return nonResource; // /api, /api/v1 are discovery paths
    rest = parts.slice(1);
  } else if (parts[0] === 'apis') {
    if (parts.length < 4) return nonResource; // /apis, /apis/<group>, /apis/<group>/<version>
    apiGroup = parts[1];
    rest = parts.slice(2);
  } else {
    return nonResource;
  }
  const apiVersion = rest[0];
  rest = rest.slice(1);

  let verb: string;
  if (rest[0] === 'watch' || rest[0] === 'proxy') {
    if (rest.length < 2) return nonResource;
    verb = rest[0];
    rest = rest.slice(1);
  } else {
    verb = methodVerb(method);
  }

  let namespace = '';
  if (rest[0] === 'namespaces') {
    if (rest.length > 1) {
      namespace = rest[1];
      if (rest.length > 2 && !NAMESPACE_SUBRESOURCES.has(rest[2])) rest = rest.slice(2);
    }
  }

  const attrs: RequestAttributes = { verb, apiGroup, apiVersion, resource: rest[0] ?? '', path };
  if (rest.length >= 2) attrs.name = rest[1];
  if (rest.length >= 3 && verb !== 'proxy') attrs.subresource = rest[2];
  if (namespace) attrs.namespace = namespace;

  if (!attrs.name && attrs.verb === 'get') {
    const watch = parsed.searchParams.get('watch');
    attrs.verb = watch !== null && TRUE_VALUES.has(watch) ? 'watch' : 'list';
    const pinned = nameFromFieldSelector(parsed.searchParams.get('fieldSelector'));
    if (pinned) attrs.name = pinned;
  }
  if (!attrs.name && attrs.verb === 'delete') attrs.verb = 'deletecollection';
  return attrs;
}
