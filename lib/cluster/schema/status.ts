/** apimachinery types that appear in requests and responses of every resource: Status, DeleteOptions, Patch, WatchEvent. */
import { anyValue, atomicList, field, int32, int64, named, str, strings } from './builders';
import { listMetaSchema } from './meta';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

export const statusCauseSchema = named(`${META}.StatusCause`, 'One reason a request failed, often tied to a field.', {
  reason: str('A machine-readable reason, e.g. `FieldValueInvalid`.'),
  message: str('A human-readable explanation.'),
  field: str('The field at fault, as a path such as `spec.ports[0].port`.'),
});

export const statusDetailsSchema = named(`${META}.StatusDetails`, 'More about a failed request: the object and the causes.', {
  name: str('The name of the object concerned.'),
  group: str('The API group of the object.'),
  kind: str('The kind (or resource) of the object.'),
  uid: str('The uid of the object.'),
  causes: atomicList(statusCauseSchema, 'The individual causes.'),
  retryAfterSeconds: int32('How long a client should wait before retrying.'),
});

export const statusSchema = named(
  `${META}.Status`,
  'The result of a request that returns no object, in particular every error.',
  {
    apiVersion: str('Always `v1`.'),
    kind: str('Always `Status`.'),
    metadata: field(listMetaSchema, 'Standard list metadata (unused).'),
    status: str('`Success` or `Failure`.'),
    message: str('A human-readable description of the result.'),
    reason: str('A machine-readable CamelCase reason, e.g. `NotFound`, `Invalid`, `Forbidden`.'),
    details: field(statusDetailsSchema, 'More about the failure; its content depends on the reason.'),
    code: int32('The HTTP status code.'),
  },
  { gvk: { group: '', version: 'v1', kind: 'Status' } },
);

export const preconditionsSchema = named(`${META}.Preconditions`, 'Conditions that must hold for a delete to happen.', {
  uid: str('The uid the object must have.'),
  resourceVersion: str('The resourceVersion the object must have.'),
});

export const deleteOptionsSchema = named(`${META}.DeleteOptions`, 'Options of a delete request.', {
  apiVersion: str('`v1`, or the API version of the resource.'),
  kind: str('`DeleteOptions`.'),
  gracePeriodSeconds: int64('Seconds the object gets before it is removed; 0 means now.'),
  preconditions: field(preconditionsSchema, 'Conditions the object must meet, otherwise 409 Conflict.'),
  propagationPolicy: str('What happens to dependents: `Orphan`, `Background` or `Foreground`.'),
  orphanDependents: { type: 'boolean', description: 'Deprecated: use propagationPolicy.' },
  dryRun: strings('`All` runs every stage without storing anything.'),
});

export const patchSchema = named(
  `${META}.Patch`,
  'A patch body: JSON patch, merge patch, strategic merge patch or an apply configuration, depending on the content type.',
  {},
);

export const watchEventSchema = named(
  `${META}.WatchEvent`,
  'One event of a watch stream.',
  {
    type: str('`ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK` or `ERROR`.'),
    object: anyValue('The object after the change; for ERROR a Status; for BOOKMARK an object carrying only its resourceVersion.'),
  },
  { required: ['type', 'object'] },
);
