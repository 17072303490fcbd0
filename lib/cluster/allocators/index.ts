/**
 * The Service allocation hooks the Service registry runs inside each write's transaction:
 * ClusterIPs from the service CIDR(s) (one per family: single- or dual-stack), NodePorts and
 * health-check node ports from the node-port range.
 */
import type { IPFamily, Service } from '../../k8s/types/service';
import { dropTypeDependentFields, normalizeClusterIPs, patchAllocatedValues } from '../../service/strategy';
import type { Transaction } from '../storage/types';
import { ClusterIPAllocator } from './cluster-ip-allocator';
import { NodePortAllocator } from './node-port-allocator';
import type { ClusterIPAllocators } from './cluster-ip-allocation';
import { parseServiceCIDRs } from './service-cidrs';
import { allocateCreate, allocateUpdate, rebuildAllocations, releaseAllocatedResources } from './service-allocation';

export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12';
export const DEFAULT_NODE_PORT_RANGE = '30000-32767';

export interface ServiceAllocationOptions {
  /**
   * `--service-cluster-ip-range`: one CIDR, or two of different families separated by a comma
   * (dual stack; the first is the primary family). Default 10.96.0.0/12.
   */
  serviceCIDR?: string;
  /** `low-high`, default 30000-32767. */
  nodePortRange?: string;
  /** Random source for next-free picks (tests pass a fixed one). */
  random?: () => number;
}

export interface ServiceAllocation {
  /** The primary family's ClusterIP allocator. */
  readonly ips: ClusterIPAllocator;
  /** One allocator per configured family. */
  readonly ipsByFamily: ReadonlyMap<IPFamily, ClusterIPAllocator>;
  /** The configured Service IP families, the primary (default) one first. */
  readonly families: readonly IPFamily[];
  readonly ports: NodePortAllocator;
  /** The address of the `kubernetes` Service (first address of the primary service CIDR). */
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
  const ranges = parseServiceCIDRs(options.serviceCIDR ?? DEFAULT_SERVICE_CIDR);
  const byFamily = new Map<IPFamily, ClusterIPAllocator>(ranges.map((r) => [r.family, new ClusterIPAllocator(r.text, options.random)]));
  const families = ranges.map((r) => r.family);
  const ips = byFamily.get(families[0]);
  if (!ips) throw new Error('--service-cluster-ip-range must contain at least one valid cidr');
  const ports = new NodePortAllocator(options.nodePortRange ?? DEFAULT_NODE_PORT_RANGE, options.random);
  const clusterIPs: ClusterIPAllocators = { families, byFamily };
  const al = { clusterIPs, ports };
  return {
    ips,
    ipsByFamily: byFamily,
    families,
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
export { NodePortAllocator } from './node-port-allocator';
