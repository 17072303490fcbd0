/** Discovery documents of the embedded cluster: pure builders over the served ResourceDefinitions. */
export { versionInfo, coreApiVersions, apiGroupList, apiGroup, apiResourceList, storageVersionHash, KUBERNETES_VERSION } from './legacy';
export { aggregatedDiscovery, acceptsAggregatedDiscovery, AGGREGATED_DISCOVERY_CONTENT_TYPE } from './aggregated';
export {
  servedResources,
  servedGroupVersions,
  resourcesIn,
  groupVersionPath,
  groupVersionString,
  REVIEW_RESOURCES,
  STATUS_VERBS,
  type ServedResource,
  type GroupVersion,
} from './served';
export type * from './types';
