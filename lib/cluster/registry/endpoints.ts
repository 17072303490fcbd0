/** core/v1 endpoints (the legacy per-Service address list). */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import type { Endpoints } from '../../k8s/types/discovery';
import { isValidIP } from '../../k8s/validation/ip';
import { isDNS1123Label, nameIsDNSSubdomain } from '../../k8s/validation/names';
import type { ResourceDefinition } from './types';
import { ALL_VERBS, copy, isPort, metaCreateErrors, metaUpdateErrors } from './common';

function validateSubsets(ep: Endpoints): FieldError[] {
  const errs: FieldError[] = [];
  (ep.subsets ?? []).forEach((s, i) => {
    const p = `subsets[${i}]`;
    if (!(s.addresses?.length || s.notReadyAddresses?.length)) {
      errs.push(fieldError.required(p, 'must specify `addresses` or `notReadyAddresses`'));
    }
    for (const [key, list] of [['addresses', s.addresses], ['notReadyAddresses', s.notReadyAddresses]] as const) {
      (list ?? []).forEach((a, j) => errs.push(...isValidIP(`${p}.${key}[${j}].ip`, a.ip ?? '')));
    }
    (s.ports ?? []).forEach((port, j) => {
      const pp = `${p}.ports[${j}]`;
      if ((s.ports?.length ?? 0) > 1 || port.name) {
        for (const m of isDNS1123Label(port.name ?? '')) errs.push(fieldError.invalid(`${pp}.name`, port.name ?? '', m));
      }
      if (!isPort(port.port)) errs.push(fieldError.invalid(`${pp}.port`, port.port, 'must be between 1 and 65535, inclusive'));
      if (!port.protocol) errs.push(fieldError.required(`${pp}.protocol`));
      else if (!['TCP', 'UDP', 'SCTP'].includes(port.protocol)) errs.push(fieldError.notSupported(`${pp}.protocol`, port.protocol, ['SCTP', 'TCP', 'UDP']));
    });
  });
  return errs;
}

export const endpointsDefinition: ResourceDefinition<Endpoints> = {
  resource: 'endpoints',
  group: '',
  version: 'v1',
  kind: 'Endpoints',
  listKind: 'EndpointsList',
  singular: 'endpoints',
  namespaced: true,
  shortNames: ['ep'],
  verbs: ALL_VERBS,
  hasStatus: false,
  tracksGeneration: false,

  applyDefaults(ep) {
    if (!ep.subsets) return ep;
    const out = copy(ep);
    for (const s of out.subsets ?? []) for (const p of s.ports ?? []) p.protocol ??= 'TCP';
    return out;
  },
  prepareForCreate: (ep) => ep,
  validateCreate: (ep) => [...metaCreateErrors(ep, true, nameIsDNSSubdomain), ...validateSubsets(ep)],
  prepareForUpdate: (next) => next,
  validateUpdate: (next, prev) => [...metaUpdateErrors(next, prev), ...validateSubsets(next)],
};
