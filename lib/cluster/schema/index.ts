/**
 * The schema of every kind the embedded cluster serves (one source for OpenAPI, `kubectl explain`,
 * unknown-field detection, strategic merge patch keys and server-side apply list semantics).
 */
import type { StoredResource } from '../storage/types';
import type { ObjectSchema } from './types';
import { serviceSchema } from './service';
import { podSchema } from './pod';
import { nodeSchema } from './node';
import { namespaceSchema } from './namespace';
import { eventSchema } from './event';
import { endpointsSchema } from './endpoints';
import { endpointSliceSchema } from './endpoint-slice';
import { leaseSchema } from './lease';
import { selfSubjectAccessReviewSchema, selfSubjectRulesReviewSchema } from './authorization';
import { selfSubjectReviewSchema } from './authentication';

export type { ObjectSchema } from './types';
export { typeDescription, type MapSchemaWithType } from './builders';

const byResource: Record<StoredResource, ObjectSchema> = {
  services: serviceSchema,
  pods: podSchema,
  nodes: nodeSchema,
  namespaces: namespaceSchema,
  events: eventSchema,
  endpoints: endpointsSchema,
  endpointslices: endpointSliceSchema,
  leases: leaseSchema,
};

/** Every top-level kind schema, stored resources first, then the review kinds. */
export const kindSchemas: readonly ObjectSchema[] = [
  ...Object.values(byResource),
  selfSubjectAccessReviewSchema,
  selfSubjectRulesReviewSchema,
  selfSubjectReviewSchema,
];

export function schemaFor(resource: StoredResource): ObjectSchema {
  return byResource[resource];
}

/** The schema of `kind` in `apiVersion` (`v1`, `discovery.k8s.io/v1`), or undefined when not served. */
export function schemaForKind(apiVersion: string, kind: string): ObjectSchema | undefined {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  return kindSchemas.find((s) => s.gvk?.group === group && s.gvk.version === version && s.gvk.kind === kind);
}

export {
  serviceSchema,
  podSchema,
  nodeSchema,
  namespaceSchema,
  eventSchema,
  endpointsSchema,
  endpointSliceSchema,
  selfSubjectAccessReviewSchema,
  selfSubjectRulesReviewSchema,
  selfSubjectReviewSchema,
};
