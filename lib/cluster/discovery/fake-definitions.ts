/**
 * Test fixture: ResourceDefinitions shaped like the served ones (names, scope, verbs, short names),
 * with identity strategies. Used by the discovery, OpenAPI and auth unit tests, which only read the
 * descriptive fields.
 */
import type { KubeObject } from '../../k8s/types/meta';
import type { ResourceDefinition } from '../registry/types';
import type { StoredResource } from '../storage/types';

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] as const;

function def(
  resource: StoredResource,
  kind: string,
  group: '' | 'discovery.k8s.io',
  namespaced: boolean,
  shortNames: string[],
  hasStatus: boolean,
  extra: Partial<ResourceDefinition> = {},
): ResourceDefinition {
  const same = (o: KubeObject) => o;
  return {
    resource,
    group,
    version: 'v1',
    kind,
    listKind: `${kind}List`,
    singular: kind.toLowerCase(),
    namespaced,
    shortNames,
    verbs: ALL_VERBS,
    hasStatus,
    tracksGeneration: false,
    applyDefaults: same,
    prepareForCreate: same,
    validateCreate: () => [],
    prepareForUpdate: same,
    validateUpdate: () => [],
    ...extra,
  };
}

export function fakeDefinitions(): ResourceDefinition[] {
  return [
    def('namespaces', 'Namespace', '', false, ['ns'], true, { verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] }),
    def('services', 'Service', '', true, ['svc'], true, { categories: ['all'] }),
    def('endpoints', 'Endpoints', '', true, ['ep'], false, { singular: 'endpoints' }),
    def('pods', 'Pod', '', true, ['po'], true, { categories: ['all'] }),
    def('nodes', 'Node', '', false, ['no'], true),
    def('events', 'Event', '', true, ['ev'], false),
    def('endpointslices', 'EndpointSlice', 'discovery.k8s.io', true, [], false),
  ];
}
