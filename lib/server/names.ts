import 'server-only';
import { isDNS1123Subdomain } from '../k8s/validation/names';
import { isValidNamespaceName } from '../live/protocol';
import { notFoundStatus, RequestError } from './errors';

/**
 * URL segment checks. A segment that is not a possible object name (including anything that decodes to
 * `..`, `/`, `%2f`, empty) is answered 404 like an unknown path: nothing reaches the API server.
 */
export function requireNamespace(value: string | undefined): string {
  if (value === undefined || !isValidNamespaceName(value)) throw new RequestError(notFoundStatus());
  return value;
}

/** Whether `value` can be an object's name: a DNS-1123 subdomain (Service, Endpoints, EndpointSlice, Pod names). */
export function isObjectName(value: string): boolean {
  return isDNS1123Subdomain(value).length === 0;
}

/** Object names in the path. */
export function requireName(value: string | undefined): string {
  if (value === undefined || !isObjectName(value)) throw new RequestError(notFoundStatus());
  return value;
}

/** The optional `?namespace=` filter of the cluster-wide list routes. */
export function optionalNamespace(url: URL): string | undefined {
  const ns = url.searchParams.get('namespace');
  if (ns === null || ns === '') return undefined;
  return requireNamespace(ns);
}
