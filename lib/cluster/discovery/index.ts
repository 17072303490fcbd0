/** Discovery documents of the embedded cluster: pure builders over the served ResourceDefinitions. */
export { versionInfo, coreApiVersions, apiGroupList, apiGroup, apiResourceList, storageVersionHash } from './legacy';
export { aggregatedDiscovery, acceptsAggregatedDiscovery, AGGREGATED_DISCOVERY_CONTENT_TYPE } from './aggregated';
export type * from './types';
