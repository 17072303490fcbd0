/**
 * Aggregated discovery (apidiscovery.k8s.io/v2): `/api` and `/apis` answered in one document each when
 * the client asks for `application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList`.
 * kubectl 1.32 asks for it first and falls back to the legacy documents otherwise.
 */
import type { ResourceDefinition } from '../registry/types';
import type { APIGroupDiscovery, APIGroupDiscoveryList, APIResourceDiscovery } from './types';
import { STATUS_VERBS, resourcesIn, servedGroupVersions, type ServedResource } from './served';

/** The Content-Type of an aggregated discovery response. */
export const AGGREGATED_DISCOVERY_CONTENT_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** Whether an Accept header asks for aggregated discovery v2 (only the JSON form is served). */
export function acceptsAggregatedDiscovery(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const params = part.split(';').map((p) => p.trim().toLowerCase());
    return (
      params[0] === 'application/json' &&
      params.includes('g=apidiscovery.k8s.io') &&
      params.includes('v=v2') &&
      params.includes('as=apigroupdiscoverylist')
    );
  });
}

function resourceDiscovery(r: ServedResource): APIResourceDiscovery {
  const responseKind = { group: r.group, version: r.version, kind: r.kind };
  const d: APIResourceDiscovery = {
    resource: r.resource,
    responseKind,
    scope: r.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: r.singular,
    verbs: [...r.verbs].sort(),
  };
  if (r.shortNames.length) d.shortNames = [...r.shortNames];
  if (r.categories.length) d.categories = [...r.categories];
  if (r.subresources.length) {
    d.subresources = r.subresources.map((subresource) => ({ subresource, responseKind, verbs: [...STATUS_VERBS] }));
  }
  return d;
}

/** `/api` (scope `core`) or `/apis` (scope `apis`) as an APIGroupDiscoveryList. */
export function aggregatedDiscovery(defs: readonly ResourceDefinition[], scope: 'core' | 'apis'): APIGroupDiscoveryList {
  const items: APIGroupDiscovery[] = [];
  for (const gv of servedGroupVersions(defs)) {
    if ((gv.group === '') !== (scope === 'core')) continue;
    const version = { version: gv.version, resources: resourcesIn(defs, gv).map(resourceDiscovery), freshness: 'Current' as const };
    const existing = items.find((i) => i.metadata.name === gv.group || (scope === 'core' && i.metadata.name === undefined));
    if (existing) existing.versions.push(version);
    else items.push({ metadata: scope === 'core' ? { creationTimestamp: null } : { name: gv.group, creationTimestamp: null }, versions: [version] });
  }
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}
