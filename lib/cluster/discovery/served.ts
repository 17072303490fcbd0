/**
 * What the embedded cluster serves, in one list: the stored resources (from their ResourceDefinitions)
 * plus the create-only review resources. Discovery, OpenAPI and the authorizer's rule listing all read it.
 */
import type { ResourceDefinition } from '../registry/types';
import type { ObjectSchema } from '../schema/types';
import {
  schemaFor,
  selfSubjectAccessReviewSchema,
  selfSubjectReviewSchema,
  selfSubjectRulesReviewSchema,
} from '../schema/index';

export interface ServedResource {
  group: string;
  version: string;
  /** Plural resource name, e.g. `services`. */
  resource: string;
  singular: string;
  kind: string;
  /** The list kind, or undefined for create-only resources. */
  listKind?: string;
  namespaced: boolean;
  verbs: readonly string[];
  shortNames: readonly string[];
  categories: readonly string[];
  /** Subresources served, e.g. `status`. */
  subresources: readonly string[];
  schema: ObjectSchema;
}

/** Verbs of the `/status` subresource. */
export const STATUS_VERBS: readonly string[] = ['get', 'patch', 'update'];

function review(group: string, resource: string, kind: string, schema: ObjectSchema): ServedResource {
  return {
    group,
    version: 'v1',
    resource,
    singular: resource.slice(0, -1),
    kind,
    namespaced: false,
    verbs: ['create'],
    shortNames: [],
    categories: [],
    subresources: [],
    schema,
  };
}

export const REVIEW_RESOURCES: readonly ServedResource[] = [
  review('authentication.k8s.io', 'selfsubjectreviews', 'SelfSubjectReview', selfSubjectReviewSchema),
  review('authorization.k8s.io', 'selfsubjectaccessreviews', 'SelfSubjectAccessReview', selfSubjectAccessReviewSchema),
  review('authorization.k8s.io', 'selfsubjectrulesreviews', 'SelfSubjectRulesReview', selfSubjectRulesReviewSchema),
];

export function fromDefinition(def: ResourceDefinition): ServedResource {
  return {
    group: def.group,
    version: def.version,
    resource: def.resource,
    singular: def.singular,
    kind: def.kind,
    listKind: def.listKind,
    namespaced: def.namespaced,
    verbs: def.verbs,
    shortNames: def.shortNames,
    categories: def.categories ?? [],
    subresources: def.hasStatus ? ['status'] : [],
    schema: schemaFor(def.resource),
  };
}

const cache = new WeakMap<readonly ResourceDefinition[], readonly ServedResource[]>();

/** Stored resources (sorted by name within a group) followed by the review resources. */
export function servedResources(defs: readonly ResourceDefinition[]): readonly ServedResource[] {
  const hit = cache.get(defs);
  if (hit) return hit;
  const stored = defs.map(fromDefinition).sort((a, b) => a.resource.localeCompare(b.resource));
  const all = [...stored, ...REVIEW_RESOURCES];
  cache.set(defs, all);
  return all;
}

export interface GroupVersion {
  group: string;
  version: string;
}

/** `v1` for the core group, `<group>/<version>` otherwise. */
export function groupVersionString(gv: GroupVersion): string {
  return gv.group ? `${gv.group}/${gv.version}` : gv.version;
}

/** `api/v1` or `apis/<group>/<version>`: the path of a group version below the server root. */
export function groupVersionPath(gv: GroupVersion): string {
  return gv.group ? `apis/${gv.group}/${gv.version}` : `api/${gv.version}`;
}

/** Named groups in the order the real server lists them (core excluded). */
const GROUP_ORDER = ['authentication.k8s.io', 'authorization.k8s.io', 'coordination.k8s.io', 'discovery.k8s.io'];

export function servedGroupVersions(defs: readonly ResourceDefinition[]): GroupVersion[] {
  const seen = new Map<string, GroupVersion>();
  for (const r of servedResources(defs)) {
    const key = groupVersionString(r);
    if (!seen.has(key)) seen.set(key, { group: r.group, version: r.version });
  }
  const rank = (g: string) => (g === '' ? -1 : GROUP_ORDER.indexOf(g) < 0 ? GROUP_ORDER.length : GROUP_ORDER.indexOf(g));
  return [...seen.values()].sort((a, b) => rank(a.group) - rank(b.group) || a.group.localeCompare(b.group));
}

export function resourcesIn(defs: readonly ResourceDefinition[], gv: GroupVersion): ServedResource[] {
  return servedResources(defs).filter((r) => r.group === gv.group && r.version === gv.version);
}
