/** apimachinery meta/v1 types every served kind shares: ObjectMeta and its parts, Condition, LabelSelector. */
import {
  anyValue,
  atomicList,
  bool,
  field,
  int64,
  keyedList,
  list,
  named,
  str,
  stringMap,
  time,
} from './builders';
import type { ObjectSchema, Schema } from './types';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

export const ownerReferenceSchema = named(
  `${META}.OwnerReference`,
  'Points at the object that owns this one. When every owner is gone, the garbage collector removes the dependent. An owner must live in the same namespace as its dependent, or be cluster-scoped.',
  {
    apiVersion: str('The API version of the owner, e.g. `v1` or `apps/v1`.'),
    kind: str('The kind of the owner, e.g. `Service`.'),
    name: str('The name of the owner object.'),
    uid: str('The uid of the owner object. A reference only counts when this matches the live object.'),
    controller: bool('When true, this owner is the managing controller. At most one reference may set it.'),
    blockOwnerDeletion: bool(
      'When true and the owner is deleted in the foreground, the owner stays until this dependent is gone. Setting it requires delete permission on the owner.',
    ),
  },
  { required: ['apiVersion', 'kind', 'name', 'uid'], mapType: 'atomic' },
);

export const managedFieldsEntrySchema = named(
  `${META}.ManagedFieldsEntry`,
  'Records which fields one field manager set, through which operation and API version. The server keeps these entries for server-side apply; clients normally leave them alone.',
  {
    manager: str('The name of the actor that set the fields (the fieldManager of the request, or the client user agent).'),
    operation: str('How the fields were set: `Apply` (server-side apply) or `Update` (create, update or patch).', [
      'Apply',
      'Update',
    ]),
    apiVersion: str('The API version the fields were written in; field paths are interpreted in that version.'),
    time: time('When the entry last changed: on every change of its fields, and when the manager or operation changes.'),
    fieldsType: str('The format of the fields description. The only format is `FieldsV1`.'),
    fieldsV1: anyValue(
      'The set of owned fields as a trie: keys `f:<name>` for fields, `k:<json>` for list items by key, `v:<json>` for set values, `i:<n>` for positions, and `.` for the item itself.',
    ),
    subresource: str('The subresource the fields were written through (`status`), or empty for the main resource.'),
  },
);

export const objectMetaSchema = named(
  `${META}.ObjectMeta`,
  'The metadata every stored object carries: identity (name, namespace, uid), bookkeeping written by the server, and the labels and annotations users attach.',
  {
    name: str(
      'The object name, unique within its namespace (or within the cluster for cluster-scoped kinds). Required on create unless generateName is set; it cannot change afterwards.',
    ),
    generateName: str(
      'A prefix from which the server makes a unique name when `name` is empty, by appending random characters. Only used on create.',
    ),
    namespace: str(
      'The namespace the object lives in; empty for cluster-scoped kinds. Defaults to the namespace of the request URL and cannot change.',
    ),
    selfLink: str('Deprecated and no longer filled in by the server.'),
    uid: str('A value the server assigns on create, unique across the whole life of the cluster. Read-only.'),
    resourceVersion: str(
      'An opaque value that changes on every write of the object. Clients send it back to detect concurrent changes (optimistic concurrency) and to start watches. Read-only.',
    ),
    generation: int64('A counter of changes to the desired state (spec), set by the server. Read-only.'),
    creationTimestamp: time('When the server stored the object first, in UTC (RFC 3339). Read-only.'),
    deletionTimestamp: time(
      'Set by the server when deletion was requested while finalizers or a grace period still hold the object. Read-only.',
    ),
    deletionGracePeriodSeconds: int64(
      'The number of seconds the object has left to shut down gracefully; only present together with deletionTimestamp. Read-only.',
    ),
    labels: stringMap('Key/value pairs used to organise and select objects (by Services, controllers and label selectors).'),
    annotations: stringMap(
      'Arbitrary key/value data for tools and people. Not used for selection; the server preserves them unchanged.',
    ),
    ownerReferences: keyedList(
      ownerReferenceSchema,
      'The objects this one depends on. If all of them are deleted, the object is garbage collected. Entries are keyed by uid.',
      ['uid'],
    ),
    finalizers: list(
      { type: 'string' },
      'Names of components that must finish cleanup before the object is removed. While any is present, a delete only sets deletionTimestamp.',
      { listType: 'set', patchStrategy: 'merge' },
    ),
    managedFields: atomicList(
      managedFieldsEntrySchema,
      'Which field manager owns which fields, maintained by the server for server-side apply. Usually hidden from users.',
    ),
  },
);

export const listMetaSchema = named(
  `${META}.ListMeta`,
  'Metadata of a list response.',
  {
    selfLink: str('Deprecated and no longer filled in by the server.'),
    resourceVersion: str('The resourceVersion the list was read at; a watch started from it sees every later change.'),
    continue: str('An opaque token to fetch the next page with `continue=`, present when `limit` cut the list short.'),
    remainingItemCount: int64('An estimate of how many items remain after this page, when the server knows it.'),
  },
);

export const conditionSchema = named(
  `${META}.Condition`,
  'One aspect of the current state of an object, in the shape shared across the API.',
  {
    type: str('What the condition is about, in CamelCase (e.g. `Ready`, or a domain-qualified name).'),
    status: str('Whether the condition holds: `True`, `False` or `Unknown`.', ['False', 'True', 'Unknown']),
    observedGeneration: int64('The metadata.generation the condition was computed from.'),
    lastTransitionTime: time('When status last changed.'),
    reason: str('A machine-readable CamelCase word explaining the last transition.'),
    message: str('A human-readable explanation of the last transition.'),
  },
  { required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'] },
);

/** apiVersion, kind and metadata: the first three fields of every kind. */
export function typeMetaProperties(): Record<string, Schema> {
  return {
    apiVersion: str(
      'The versioned schema of this object (`v1`, `discovery.k8s.io/v1`). The server converts what it recognises to its stored version.',
    ),
    kind: str('The type of the object, in CamelCase (`Service`). The server can infer it from the URL; it cannot change.'),
    metadata: field(objectMetaSchema, 'Standard object metadata: name, namespace, labels, annotations and server-set fields.'),
  };
}

/** A top-level kind: type meta + the given fields, tagged with its group/version/kind. */
export function kindSchema(
  name: string,
  description: string,
  gvk: { group: string; version: string; kind: string },
  properties: Record<string, Schema>,
  required?: readonly string[],
): ObjectSchema {
  return named(name, description, { ...typeMetaProperties(), ...properties }, { gvk, required });
}
