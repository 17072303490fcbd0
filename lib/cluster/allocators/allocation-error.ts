/** The errors of the IP and port allocators, with the real allocators' texts (err.Error()). */

export type AllocationErrorCode = 'NotInRange' | 'Allocated' | 'Full';

export class AllocationError extends Error {
  constructor(
    readonly code: AllocationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AllocationError';
  }
}

export const allocationErrors = {
  ipNotInRange: (ip: string, validRange: string): AllocationError =>
    new AllocationError('NotInRange', `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${validRange}`),
  ipAllocated: (): AllocationError => new AllocationError('Allocated', 'provided IP is already allocated'),
  portNotInRange: (validPorts: string): AllocationError =>
    new AllocationError('NotInRange', `provided port is not in the valid range. The range of valid ports is ${validPorts}`),
  portAllocated: (): AllocationError => new AllocationError('Allocated', 'provided port is already allocated'),
  full: (): AllocationError => new AllocationError('Full', 'range is full'),
};
