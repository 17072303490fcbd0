import 'server-only';
import { isValidNamespaceName } from '../live/protocol';
import { notFoundStatus, RequestError } from './errors';

/**
 * URL segment checks. A segment that is not a possible object name (including anything that decodes to
 * `..`, `/`, `%2f`, empty) is answered 404 like an unknown path: nothing reaches the API server.
 */
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export function requireNamespace(value: string | undefined): string {
  if (value === undefined || !isValidNamespaceName(value)) throw new RequestError(notFoundStatus());
  return value;
}

/** Object names: DNS-1123 subdomains (covers Service, Endpoints, EndpointSlice names). */
export function requireName(value: string | undefined): string {
  if (value === undefined || value.length > 253 || !DNS1123_SUBDOMAIN.test(value)) throw new RequestError(notFoundStatus());
  return value;
}

/** The optional `?namespace=` filter of the cluster-wide list routes. */
export function optionalNamespace(url: URL): string | undefined {
  const ns = url.searchParams.get('namespace');
  if (ns === null || ns === '') return undefined;
  return requireNamespace(ns);
}
