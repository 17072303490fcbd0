import { describe, expect, it } from 'vitest';
import { requestInfo, type ResourceRequestInfo } from './request-info';

function info(method: string, url: string): ResourceRequestInfo {
  const u = new URL(url, 'http://x');
  const r = requestInfo(method, u.pathname, u.searchParams);
  if (!r.isResourceRequest) throw new Error(`not a resource request: ${url}`);
  return r;
}

describe('requestInfo', () => {
  it.each([
    ['GET', '/api/v1/namespaces/demo/services', { verb: 'list', namespace: 'demo', resource: 'services', name: '', subresource: '' }],
    ['GET', '/api/v1/namespaces/demo/services?watch=1', { verb: 'watch', resource: 'services' }],
    ['GET', '/api/v1/namespaces/demo/services?watch=true', { verb: 'watch' }],
    ['GET', '/api/v1/namespaces/demo/services/web', { verb: 'get', name: 'web' }],
    ['PUT', '/api/v1/namespaces/demo/services/web/status', { verb: 'update', name: 'web', subresource: 'status' }],
    ['PATCH', '/api/v1/namespaces/demo/services/web', { verb: 'patch' }],
    ['POST', '/api/v1/namespaces/demo/services', { verb: 'create', name: '' }],
    ['DELETE', '/api/v1/namespaces/demo/pods', { verb: 'deletecollection', resource: 'pods' }],
    ['DELETE', '/api/v1/namespaces/demo/pods/p', { verb: 'delete', name: 'p' }],
    ['GET', '/api/v1/services', { verb: 'list', namespace: '', resource: 'services' }],
    ['GET', '/api/v1/nodes/node-1', { verb: 'get', resource: 'nodes', name: 'node-1' }],
    ['GET', '/api/v1/namespaces', { verb: 'list', resource: 'namespaces', namespace: '' }],
    ['GET', '/api/v1/namespaces/demo', { verb: 'get', resource: 'namespaces', name: 'demo', namespace: 'demo' }],
    ['PUT', '/api/v1/namespaces/demo/finalize', { verb: 'update', resource: 'namespaces', name: 'demo', subresource: 'finalize' }],
    ['GET', '/api/v1/watch/namespaces/demo/services/web', { verb: 'watch', name: 'web', namespace: 'demo' }],
    ['GET', '/apis/discovery.k8s.io/v1/namespaces/demo/endpointslices', { verb: 'list', apiGroup: 'discovery.k8s.io', apiVersion: 'v1', resource: 'endpointslices' }],
    ['POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { verb: 'create', apiGroup: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews' }],
  ])('%s %s', (method, url, expected) => {
    expect(info(method, url)).toMatchObject(expected);
  });

  it('leaves non-API paths as non-resource requests', () => {
    for (const path of ['/version', '/healthz', '/openapi/v3', '/api']) {
      expect(requestInfo('GET', path, new URLSearchParams()).isResourceRequest).toBe(false);
    }
  });
});
