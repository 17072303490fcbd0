import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, apiUrl } from './api-paths';
import { setClusterScope, withClusterParam } from '../contract/cluster-scope';
import { routesFor } from '../contract/page-routes';
import { queryKeys } from './query-keys';

describe('URLs and keys of one cluster', () => {
  afterEach(() => {
    setClusterScope(undefined);
    vi.unstubAllGlobals();
  });

  it('page routes name the cluster when given one, and are unchanged without', () => {
    expect(routesFor(undefined).service('demo', 'web')).toBe('/services/demo/web');
    expect(routesFor('prod').service('demo', 'web')).toBe('/services/demo/web?cluster=prod');
    expect(routesFor('prod').serviceList({ namespace: 'demo', q: 'a b' })).toBe('/services?namespace=demo&q=a+b&cluster=prod');
    expect(routesFor('arn:aws:eks:eu/prod').newService({ type: 'NodePort' })).toBe('/services/new?type=NodePort&cluster=arn%3Aaws%3Aeks%3Aeu%2Fprod');
    // Comparisons stay path-only.
    expect(routesFor('prod').serviceListPath).toBe('/services');
  });

  it('withClusterParam replaces a cluster already in the URL', () => {
    expect(withClusterParam('/api/services?cluster=a&dryRun=All', 'b')).toBe('/api/services?cluster=b&dryRun=All');
    expect(withClusterParam('/api/services', undefined)).toBe('/api/services');
  });

  it('API URLs and query keys carry the document’s cluster in the browser; session routes never do', () => {
    vi.stubGlobal('window', {});
    expect(apiUrl(apiPaths.services('demo') + '?dryRun=All')).toBe('/api/namespaces/demo/services?dryRun=All');
    expect(queryKeys.list({ resource: 'services' })).toEqual(['porthole', 'list', 'services:all']);
    setClusterScope('prod');
    expect(apiUrl(apiPaths.services('demo') + '?dryRun=All')).toBe('/api/namespaces/demo/services?dryRun=All&cluster=prod');
    expect(apiUrl(`${apiPaths.watch()}?watch=services%3Aall`)).toBe('/api/watch?watch=services%3Aall&cluster=prod');
    expect(apiUrl(apiPaths.session())).toBe('/api/session');
    expect(apiUrl(apiPaths.clusters())).toBe('/api/clusters');
    expect(queryKeys.list({ resource: 'services' })).toEqual(['porthole', 'list', 'services:all', { cluster: 'prod' }]);
    expect(queryKeys.identity()).toEqual(['porthole', 'identity', { cluster: 'prod' }]);
    expect(queryKeys.clusters()).toEqual(['porthole', 'clusters']);
    // An explicit cluster (server-side prefetch) wins over the scope.
    expect(apiUrl(apiPaths.serviceRows('demo'), 'staging')).toBe('/api/service-rows?namespace=demo&cluster=staging');
  });

  it('the scope is never set on the server (shared by every request there)', () => {
    setClusterScope('prod');
    expect(apiUrl(apiPaths.nodes())).toBe('/api/nodes');
    expect(queryKeys.identity()).toEqual(['porthole', 'identity']);
  });
});
