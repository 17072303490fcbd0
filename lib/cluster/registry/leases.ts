/** coordination.k8s.io/v1 leases: what leader election (client-go's leaderelection) holds. */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import type { Lease } from '../../k8s/types/cluster';
import { nameIsDNSSubdomain } from '../../k8s/validation/names';
import type { ResourceDefinition } from './types';
import { ALL_VERBS, metaCreateErrors, metaUpdateErrors } from './common';

/** ValidateLeaseSpec: durations positive, transitions not negative. */
function validateLease(lease: Lease): FieldError[] {
  const errs: FieldError[] = [];
  const spec = lease.spec ?? {};
  if (spec.leaseDurationSeconds !== undefined && spec.leaseDurationSeconds <= 0) {
    errs.push(fieldError.invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
  }
  if (spec.leaseTransitions !== undefined && spec.leaseTransitions < 0) {
    errs.push(fieldError.invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
  }
  return errs;
}

export const leaseDefinition: ResourceDefinition<Lease> = {
  resource: 'leases',
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  listKind: 'LeaseList',
  singular: 'lease',
  namespaced: true,
  shortNames: [],
  verbs: ALL_VERBS,
  hasStatus: false,
  tracksGeneration: false,

  applyDefaults: (lease) => lease,
  prepareForCreate: (lease) => lease,
  validateCreate: (lease) => [...metaCreateErrors(lease, true, nameIsDNSSubdomain), ...validateLease(lease)],
  prepareForUpdate: (next) => next,
  validateUpdate: (next, prev) => [...metaUpdateErrors(next, prev), ...validateLease(next)],
};
