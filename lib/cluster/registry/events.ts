/** core/v1 events: what controllers record and `kubectl describe` shows. */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import type { Event } from '../../k8s/types/cluster';
import { nameIsDNSSubdomain } from '../../k8s/validation/names';
import type { ResourceDefinition } from './types';
import { ALL_VERBS, metaCreateErrors, metaUpdateErrors } from './common';

const CLUSTER_SCOPED_KINDS = new Set(['Node', 'Namespace', 'PersistentVolume', 'ClusterRole', 'ClusterRoleBinding', 'StorageClass']);

function validateEvent(ev: Event): FieldError[] {
  const errs: FieldError[] = [];
  const involved = ev.involvedObject ?? {};
  const ns = ev.metadata.namespace ?? '';
  const kind = involved.kind ?? '';
  if (!CLUSTER_SCOPED_KINDS.has(kind) && (involved.namespace ?? '') !== ns && involved.namespace) {
    errs.push(fieldError.invalid('involvedObject.namespace', involved.namespace, 'does not match event.namespace'));
  }
  if (ev.type && ev.type !== 'Normal' && ev.type !== 'Warning') {
    errs.push(fieldError.notSupported('type', ev.type, ['Normal', 'Warning']));
  }
  return errs;
}

export const eventDefinition: ResourceDefinition<Event> = {
  resource: 'events',
  group: '',
  version: 'v1',
  kind: 'Event',
  listKind: 'EventList',
  singular: 'event',
  namespaced: true,
  shortNames: ['ev'],
  verbs: ALL_VERBS,
  hasStatus: false,
  tracksGeneration: false,

  applyDefaults(ev) {
    if (!ev.involvedObject) return { ...ev, involvedObject: {} };
    return ev;
  },
  prepareForCreate: (ev) => ev,
  validateCreate: (ev) => [...metaCreateErrors(ev, true, nameIsDNSSubdomain), ...validateEvent(ev)],
  prepareForUpdate: (next) => next,
  validateUpdate: (next, prev) => [...metaUpdateErrors(next, prev), ...validateEvent(next)],
};
