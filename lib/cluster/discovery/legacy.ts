/** The legacy (unaggregated) discovery documents: /version, /api, /apis, /api/v1, /apis/<group>/<version>. */
import { createHash } from 'node:crypto';
import type { ResourceDefinition } from '../registry/types';
import type {
  APIGroup,
  APIGroupList,
  APIResource,
  APIResourceList,
  APIVersions,
  VersionInfo,
} from './types';
import { STATUS_VERBS, groupVersionString, resourcesIn, servedGroupVersions, type ServedResource } from './served';

export const KUBERNETES_VERSION = { major: '1', minor: '32', gitVersion: 'v1.32.0-porthole' } as const;

/** `GET /version`. */
export function versionInfo(): VersionInfo {
  return {
    major: KUBERNETES_VERSION.major,
    minor: KUBERNETES_VERSION.minor,
    emulationMajor: KUBERNETES_VERSION.major,
    emulationMinor: KUBERNETES_VERSION.minor,
    minCompatibilityMajor: KUBERNETES_VERSION.major,
    minCompatibilityMinor: '31',
    gitVersion: KUBERNETES_VERSION.gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2024-12-11T00:00:00Z',
    goVersion: `node${process.versions.node}`,
    compiler: 'tsx',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}

/** `GET /api`. `serverAddress` is the host:port clients reached us on. */
export function coreApiVersions(serverAddress = '127.0.0.1:6443'): APIVersions {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** `GET /apis`: every named group (the core group is listed by /api). */
export function apiGroupList(defs: readonly ResourceDefinition[]): APIGroupList {
  const groups = new Map<string, APIGroup>();
  for (const gv of servedGroupVersions(defs)) {
    if (!gv.group) continue;
    const entry = { groupVersion: groupVersionString(gv), version: gv.version };
    const group = groups.get(gv.group);
    if (group) group.versions.push(entry);
    else groups.set(gv.group, { name: gv.group, versions: [entry], preferredVersion: entry });
  }
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: [...groups.values()] };
}

/** The group entry of `GET /apis/<group>` (kind APIGroup), or undefined when the group is not served. */
export function apiGroup(defs: readonly ResourceDefinition[], group: string): (APIGroup & { kind: 'APIGroup'; apiVersion: 'v1' }) | undefined {
  const found = apiGroupList(defs).groups.find((g) => g.name === group);
  return found ? { kind: 'APIGroup', apiVersion: 'v1', ...found } : undefined;
}

/** The storage version hash the real server publishes: base64 of the first 8 bytes of sha256("<group>/<version>/<kind>"). */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

function apiResources(r: ServedResource): APIResource[] {
  const main: APIResource = {
    name: r.resource,
    singularName: r.singular,
    namespaced: r.namespaced,
    kind: r.kind,
    verbs: [...r.verbs].sort(),
  };
  if (r.shortNames.length) main.shortNames = [...r.shortNames];
  if (r.categories.length) main.categories = [...r.categories];
  if (r.listKind) main.storageVersionHash = storageVersionHash(r.group, r.version, r.kind);
  const subs = r.subresources.map(
    (sub): APIResource => ({
      name: `${r.resource}/${sub}`,
      singularName: '',
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: [...STATUS_VERBS],
    }),
  );
  return [main, ...subs];
}

/** `GET /api/v1` (group '') or `GET /apis/<group>/<version>`; undefined when that group version is not served. */
export function apiResourceList(defs: readonly ResourceDefinition[], group: string, version: string): APIResourceList | undefined {
  const served = resourcesIn(defs, { group, version });
  if (served.length === 0) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: groupVersionString({ group, version }),
    resources: served.flatMap(apiResources),
  };
}
