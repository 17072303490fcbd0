/** coordination.k8s.io/v1 Lease. */
import { field, int32, named, str, time } from './builders';
import { kindSchema } from './meta';

const COORDINATION = 'io.k8s.api.coordination.v1';

export const leaseSpecSchema = named(`${COORDINATION}.LeaseSpec`, 'The specification of a Lease.', {
  holderIdentity: str('The identity of the current holder of the lease.'),
  leaseDurationSeconds: int32('How long candidates wait to force acquire the lease, measured against the last observed renewTime.'),
  acquireTime: time('When the current lease was acquired (MicroTime).'),
  renewTime: time('When the current holder last updated the lease (MicroTime).'),
  leaseTransitions: int32('How many times the lease changed holders.'),
  strategy: str('The strategy for picking the leader in coordinated leader election.'),
  preferredHolder: str('The holder the coordinated leader election prefers.'),
});

export const leaseSchema = kindSchema(
  `${COORDINATION}.Lease`,
  'A lease: leader election and heartbeats. Whoever holds it renews it; others take it over once it expired.',
  { group: 'coordination.k8s.io', version: 'v1', kind: 'Lease' },
  { spec: field(leaseSpecSchema, 'The specification of the Lease.') },
  ['metadata'],
);
