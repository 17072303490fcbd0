/** Every resource the embedded cluster serves, in discovery order. */
import type { ServiceAllocation } from '../allocators/index';
import type { ResourceDefinition } from './types';
import { createServiceDefinition } from './services';
import { namespaceDefinition } from './namespaces';
import { podDefinition } from './pods';
import { nodeDefinition } from './nodes';
import { eventDefinition } from './events';
import { endpointsDefinition } from './endpoints';
import { endpointSliceDefinition } from './endpointslices';
import { leaseDefinition } from './leases';

export function createDefinitions(allocation: ServiceAllocation): ResourceDefinition[] {
  return [
    namespaceDefinition,
    createServiceDefinition(allocation),
    endpointsDefinition,
    podDefinition,
    nodeDefinition,
    eventDefinition,
    endpointSliceDefinition,
    leaseDefinition,
  ] as unknown as ResourceDefinition[];
}

export { namespaceDefinition, podDefinition, nodeDefinition, eventDefinition, endpointsDefinition, endpointSliceDefinition };
export type { ResourceDefinition } from './types';
