import { describe, expect, it } from 'vitest';
import { createServiceAllocation } from '../allocators/index';
import { createDefinitions } from '../registry/index';
import {
  acceptsAggregatedDiscovery,
  aggregatedDiscovery,
  apiGroup,
  apiGroupList,
  apiResourceList,
  coreApiVersions,
  storageVersionHash,
  versionInfo,
} from './index';

const defs = createDefinitions(createServiceAllocation());

describe('legacy discovery', () => {
  it('reports v1.32.0-porthole', () => {
    expect(versionInfo()).toMatchObject({ major: '1', minor: '32', gitVersion: 'v1.32.0-porthole' });
    expect(versionInfo().platform).toMatch(/^[a-z0-9]+\/[a-z0-9]+$/);
  });

  it('/api lists v1 with the server address', () => {
    expect(coreApiVersions('127.0.0.1:8080')).toEqual({
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1:8080' }],
    });
  });

  it('/apis lists the named groups in the real order', () => {
    const list = apiGroupList(defs);
    expect(list.kind).toBe('APIGroupList');
    expect(list.groups.map((g) => g.name)).toEqual(['authentication.k8s.io', 'authorization.k8s.io', 'coordination.k8s.io', 'discovery.k8s.io']);
    expect(list.groups[3]).toEqual({
      name: 'discovery.k8s.io',
      versions: [{ groupVersion: 'discovery.k8s.io/v1', version: 'v1' }],
      preferredVersion: { groupVersion: 'discovery.k8s.io/v1', version: 'v1' },
    });
    expect(apiGroup(defs, 'discovery.k8s.io')?.kind).toBe('APIGroup');
    expect(apiGroup(defs, 'apps')).toBeUndefined();
  });

  it('/api/v1 describes services and services/status as the real server does', () => {
    const list = apiResourceList(defs, '', 'v1');
    expect(list?.groupVersion).toBe('v1');
    const svc = list?.resources.find((r) => r.name === 'services');
    expect(svc).toEqual({
      name: 'services',
      singularName: 'service',
      namespaced: true,
      kind: 'Service',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['svc'],
      categories: ['all'],
      storageVersionHash: '0/CO1lhkEBI=',
    });
    expect(list?.resources.find((r) => r.name === 'services/status')).toEqual({
      name: 'services/status',
      singularName: '',
      namespaced: true,
      kind: 'Service',
      verbs: ['get', 'patch', 'update'],
    });
    const names = list?.resources.map((r) => r.name);
    expect(names).toContain('nodes/status');
    expect(names).not.toContain('endpoints/status');
    const short = Object.fromEntries((list?.resources ?? []).filter((r) => r.shortNames).map((r) => [r.name, r.shortNames]));
    expect(short).toEqual({ services: ['svc'], pods: ['po'], nodes: ['no'], namespaces: ['ns'], events: ['ev'], endpoints: ['ep'] });
  });

  it('/apis/<group>/<version> for discovery and the reviews; unknown is undefined', () => {
    expect(apiResourceList(defs, 'discovery.k8s.io', 'v1')?.resources.map((r) => r.name)).toEqual(['endpointslices']);
    expect(apiResourceList(defs, 'authorization.k8s.io', 'v1')?.resources).toEqual([
      { name: 'selfsubjectaccessreviews', singularName: 'selfsubjectaccessreview', namespaced: false, kind: 'SelfSubjectAccessReview', verbs: ['create'] },
      { name: 'selfsubjectrulesreviews', singularName: 'selfsubjectrulesreview', namespaced: false, kind: 'SelfSubjectRulesReview', verbs: ['create'] },
    ]);
    expect(apiResourceList(defs, 'authentication.k8s.io', 'v1')?.resources[0].name).toBe('selfsubjectreviews');
    expect(apiResourceList(defs, 'apps', 'v1')).toBeUndefined();
    expect(apiResourceList(defs, 'discovery.k8s.io', 'v1beta1')).toBeUndefined();
  });

  it('computes the storage version hash like the real server', () => {
    expect(storageVersionHash('', 'v1', 'Service')).toBe('0/CO1lhkEBI=');
  });
});

describe('aggregated discovery', () => {
  it('recognises the Accept header kubectl sends', () => {
    expect(
      acceptsAggregatedDiscovery(
        'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json',
      ),
    ).toBe(true);
    expect(acceptsAggregatedDiscovery('application/json, */*')).toBe(false);
    expect(acceptsAggregatedDiscovery('application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList')).toBe(false);
    expect(acceptsAggregatedDiscovery(undefined)).toBe(false);
  });

  it('/api holds the core group with resources and subresources', () => {
    const core = aggregatedDiscovery(defs, 'core');
    expect(core.kind).toBe('APIGroupDiscoveryList');
    expect(core.items).toHaveLength(1);
    expect(core.items[0].metadata).toEqual({ creationTimestamp: null });
    const svc = core.items[0].versions[0].resources.find((r) => r.resource === 'services');
    expect(svc).toMatchObject({
      scope: 'Namespaced',
      singularResource: 'service',
      shortNames: ['svc'],
      responseKind: { group: '', version: 'v1', kind: 'Service' },
      subresources: [{ subresource: 'status', verbs: ['get', 'patch', 'update'] }],
    });
    expect(core.items[0].versions[0].freshness).toBe('Current');
  });

  it('/apis holds the named groups', () => {
    const apis = aggregatedDiscovery(defs, 'apis');
    expect(apis.items.map((i) => i.metadata.name)).toEqual(['authentication.k8s.io', 'authorization.k8s.io', 'coordination.k8s.io', 'discovery.k8s.io']);
    expect(apis.items[2].versions[0].resources[0]).toMatchObject({ resource: 'leases', scope: 'Namespaced' });
    expect(apis.items[3].versions[0].resources[0]).toMatchObject({ resource: 'endpointslices', scope: 'Namespaced' });
  });
});
