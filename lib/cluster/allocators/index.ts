/**
 * The Service allocation hooks the Service registry runs inside each write's transaction:
 * ClusterIPs from the service CIDR, NodePorts and health-check node ports from the node-port range.
 */
import type { Service } from '../../k8s/types/service';
import { dropTypeDependentFields, normalizeClusterIPs, patchAllocatedValues } from '../../service/strategy';
import type { Transaction } from '../storage/types';
import { ClusterIPAllocator } from './cluster-ip-allocator';
import { NodePortAllocator } from './node-port-allocator';
import { allocateCreate, allocateUpdate, rebuildAllocations, releaseAllocatedResources } from './service-allocation';

export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12';
export const DEFAULT_NODE_PORT_RANGE = '30000-32767';

export interface ServiceAllocationOptions {
  /** IPv4 CIDR, default 10.96.0.0/12. */
  serviceCIDR?: string;
  /** `low-high`, default 30000-32767. */
  nodePortRange?: string;
  /** Random source for next-free picks (tests pass a fixed one). */
  random?: () => number;
}

export interface ServiceAllocation {
  readonly ips: ClusterIPAllocator;
  readonly ports: NodePortAllocator;
  /** The address of the `kubernetes` Service (first address of the service CIDR). */
  readonly kubernetesServiceIP: string;
  /** beginCreate: normalise clusterIPs, default IP families, allocate. Returns the allocated copy. */
  beginCreate(tx: Transaction, svc: Service): Service;
  /** beginUpdate: keep allocated values, drop type-dependent ones, allocate / release. Returns a copy. */
  beginUpdate(tx: Transaction, next: Service, prev: Service): Service;
  /** afterDelete: release everything (at commit) and delete the Endpoints of the same name. */
  afterDelete(tx: Transaction, svc: Service): void;
  /** Rebuilds the allocators' state from the stored Services (after a restart). */
  rebuild(services: readonly Service[]): void;
}

export function createServiceAllocation(options: ServiceAllocationOptions = {}): ServiceAllocation {
  const ips = new ClusterIPAllocator(options.serviceCIDR ?? DEFAULT_SERVICE_CIDR, options.random);
  const ports = new NodePortAllocator(options.nodePortRange ?? DEFAULT_NODE_PORT_RANGE, options.random);
  const al = { ips, ports };
  return {
    ips,
    ports,
    kubernetesServiceIP: ips.firstAddress(),
    beginCreate(tx, svc) {
      const out = normalizeClusterIPs(svc, undefined);
      allocateCreate(al, out, tx);
      return out;
    },
    beginUpdate(tx, next, prev) {
      const out = dropTypeDependentFields(normalizeClusterIPs(patchAllocatedValues(next, prev), prev), prev);
      allocateUpdate(al, out, prev, tx);
      return out;
    },
    afterDelete(tx, svc) {
      releaseAllocatedResources(al, svc, tx);
      const ns = svc.metadata.namespace;
      const name = svc.metadata.name ?? '';
      if (ns && tx.get('endpoints', ns, name)) tx.delete('endpoints', ns, name);
    },
    rebuild(services) {
      rebuildAllocations(al, services);
    },
  };
}

export { ClusterIPAllocator } from './cluster-ip-allocator';
export { NodePortAllocator, parsePortRange, formatPortRange } from './node-port-allocator';
export { AllocationError } from './allocation-error';
export { initIPFamilyFields } from './ip-families';
