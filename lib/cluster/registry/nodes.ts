/** core/v1 nodes (+ status), cluster-scoped; status may be set on create as the real server allows. */
import { fieldError } from '../../k8s/field-errors';
import type { Node } from '../../k8s/types/cluster';
import { nameIsDNSSubdomain } from '../../k8s/validation/names';
import type { ResourceDefinition } from './types';
import { ALL_VERBS, keepStatus, metaCreateErrors, metaUpdateErrors, takeStatusOnly } from './common';

export const nodeDefinition: ResourceDefinition<Node> = {
  resource: 'nodes',
  group: '',
  version: 'v1',
  kind: 'Node',
  listKind: 'NodeList',
  singular: 'node',
  namespaced: false,
  shortNames: ['no'],
  verbs: ALL_VERBS,
  hasStatus: true,
  tracksGeneration: false,

  applyDefaults: (node) => node,
  prepareForCreate: (node) => node,
  validateCreate: (node) => metaCreateErrors(node, false, nameIsDNSSubdomain),
  prepareForUpdate: (next, prev) => keepStatus(next, prev),
  validateUpdate(next, prev) {
    const errs = metaUpdateErrors(next, prev);
    const prevCIDR = prev.spec?.podCIDR ?? '';
    if (prevCIDR && (next.spec?.podCIDR ?? '') !== prevCIDR) {
      errs.push(fieldError.forbidden('spec.podCIDR', 'node updates may not change podCIDR except from "" to valid'));
    }
    return errs;
  },
  prepareForStatusUpdate: (next, prev) => takeStatusOnly(next, prev),
  validateStatusUpdate: (next, prev) => metaUpdateErrors(next, prev),
};
