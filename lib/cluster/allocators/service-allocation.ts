/**
 * ClusterIP and NodePort allocation for Services, inside the write's storage transaction
 * (pkg/registry/core/service/storage/alloc.go): allocateCreate, allocateUpdate and
 * releaseAllocatedResources. Allocations are undone when the transaction rolls back (failure or
 * dry run); releases happen only once it committed.
 */
import { fieldError } from '../../k8s/field-errors';
import { statusError } from '../../k8s/status';
import type { Service } from '../../k8s/types/service';
import { needsHealthCheckNodePort, needsNodePorts, shouldAllocateNodePorts } from '../../service/helpers';
import { ApiError } from '../errors/api-error';
import { AllocationError } from './allocation-error';
import { allocClusterIPs, markClusterIPs, releaseClusterIPs, updateClusterIPs, type ClusterIPAllocators } from './cluster-ip-allocation';
import { initIPFamilyFields } from './ip-families';
import type { NodePortAllocator } from './node-port-allocator';
import type { AllocationTx } from './transactional';

export interface Allocators {
  clusterIPs: ClusterIPAllocators;
  ports: NodePortAllocator;
}

function type(svc: Service): string {
  return svc.spec?.type ?? 'ClusterIP';
}

export function collectNodePorts(svc: Service): number[] {
  return (svc.spec?.ports ?? []).map((p) => p.nodePort ?? 0).filter((n) => n !== 0);
}

function internal(message: string): ApiError {
  return new ApiError(statusError.internal(message));
}

function rethrow(err: unknown, toApi: (e: AllocationError) => ApiError): never {
  if (err instanceof AllocationError) throw toApi(err);
  throw err;
}

function nodePortInvalid(svc: Service, index: number, port: number, e: AllocationError): ApiError {
  return ApiError.invalid('Service', '', svc.metadata.name ?? '', [
    fieldError.invalid(`spec.ports[${index}].nodePort`, port, e.message),
  ]);
}

/** initNodePorts: node ports of a new NodePort/LoadBalancer Service, shared between equal ports. */
function initNodePorts(al: Allocators, svc: Service, tx: AllocationTx): void {
  const ports = svc.spec?.ports ?? [];
  const byPort = new Map<number, number>();
  ports.forEach((sp, i) => {
    if (!sp.nodePort && !shouldAllocateNodePorts(svc)) return;
    const already = byPort.get(sp.port);
    if (already === undefined) {
      const requested = ports.find((p) => p.port === sp.port && p.nodePort)?.nodePort ?? 0;
      if (requested) {
        try {
          al.ports.allocate(requested, tx);
        } catch (err) {
          rethrow(err, (e) => nodePortInvalid(svc, i, requested, e));
        }
        sp.nodePort = requested;
        byPort.set(sp.port, requested);
      } else {
        try {
          sp.nodePort = al.ports.allocateNext(tx);
        } catch (err) {
          rethrow(err, (e) => internal(`failed to allocate a nodePort: ${e.message}`));
        }
        byPort.set(sp.port, sp.nodePort);
      }
    } else if (sp.nodePort !== already) {
      if (!sp.nodePort) {
        sp.nodePort = already;
      } else {
        const wanted = sp.nodePort;
        try {
          al.ports.allocate(wanted, tx);
        } catch (err) {
          rethrow(err, (e) => nodePortInvalid(svc, i, wanted, e));
        }
      }
    }
  });
}

function allocHealthCheckNodePort(al: Allocators, svc: Service, tx: AllocationTx): void {
  const spec = svc.spec ?? {};
  const requested = spec.healthCheckNodePort ?? 0;
  if (requested) {
    try {
      al.ports.allocate(requested, tx);
    } catch (err) {
      rethrow(err, (e) => internal(`failed to allocate requested HealthCheck NodePort ${requested}: ${e.message}`));
    }
    return;
  }
  try {
    spec.healthCheckNodePort = al.ports.allocateNext(tx);
  } catch (err) {
    rethrow(err, (e) => internal(`failed to allocate a HealthCheck NodePort 0: ${e.message}`));
  }
}

/** alloc.go allocateCreate: families, cluster IPs, node ports, health-check node port. Mutates svc. */
export function allocateCreate(al: Allocators, svc: Service, tx: AllocationTx): void {
  initIPFamilyFields(svc, undefined, al.clusterIPs.families);
  allocClusterIPs(al.clusterIPs, svc, tx);
  if (needsNodePorts(svc)) initNodePorts(al, svc, tx);
  if (needsHealthCheckNodePort(svc)) allocHealthCheckNodePort(al, svc, tx);
}

function updateNodePorts(al: Allocators, next: Service, prev: Service, tx: AllocationTx): void {
  const oldNumbers = collectNodePorts(prev);
  const allocatedNow = new Set<number>();
  const seen = new Set<string>();
  (next.spec?.ports ?? []).forEach((sp, i) => {
    if (!sp.nodePort && !shouldAllocateNodePorts(next)) return;
    if (sp.nodePort) {
      const wanted = sp.nodePort;
      if (!oldNumbers.includes(wanted) && !allocatedNow.has(wanted)) {
        try {
          al.ports.allocate(wanted, tx);
        } catch (err) {
          rethrow(err, (e) => nodePortInvalid(next, i, wanted, e));
        }
        allocatedNow.add(wanted);
      }
    } else {
      try {
        sp.nodePort = al.ports.allocateNext(tx);
      } catch (err) {
        rethrow(err, (e) => internal(`failed to allocate a nodePort: ${e.message}`));
      }
    }
    const key = `${sp.protocol ?? 'TCP'}/${sp.nodePort}`;
    if (seen.has(key)) throw internal(`duplicate nodePort: {${sp.protocol ?? 'TCP'} ${sp.nodePort}}`);
    seen.add(key);
  });
  const newNumbers = collectNodePorts(next);
  for (const port of oldNumbers) if (!newNumbers.includes(port)) al.ports.release(port, tx);
}

/** alloc.go allocateUpdate. Mutates next. */
export function allocateUpdate(al: Allocators, next: Service, prev: Service, tx: AllocationTx): void {
  initIPFamilyFields(next, prev, al.clusterIPs.families);
  updateClusterIPs(al.clusterIPs, next, prev, tx);

  if (needsNodePorts(prev) && (type(next) === 'ExternalName' || type(next) === 'ClusterIP')) {
    for (const port of collectNodePorts(prev)) al.ports.release(port, tx);
  }
  if (needsNodePorts(next)) updateNodePorts(al, next, prev, tx);

  const needed = needsHealthCheckNodePort(prev);
  const needs = needsHealthCheckNodePort(next);
  if (!needed && needs) allocHealthCheckNodePort(al, next, tx);
  else if (needed && !needs && prev.spec?.healthCheckNodePort) al.ports.release(prev.spec.healthCheckNodePort, tx);
}

/** releaseAllocatedResources: everything a deleted Service held (at commit inside a transaction). */
export function releaseAllocatedResources(al: Allocators, svc: Service, tx?: AllocationTx): void {
  releaseClusterIPs(al.clusterIPs, svc, tx);
  for (const port of collectNodePorts(svc)) al.ports.release(port, tx);
  if (needsHealthCheckNodePort(svc) && svc.spec?.healthCheckNodePort) al.ports.release(svc.spec.healthCheckNodePort, tx);
}

/** Marks what stored Services hold (after a restart); the allocators start empty. */
export function rebuildAllocations(al: Allocators, services: readonly Service[]): void {
  for (const ips of al.clusterIPs.byFamily.values()) ips.reset();
  al.ports.reset();
  for (const svc of services) {
    markClusterIPs(al.clusterIPs, svc);
    for (const port of collectNodePorts(svc)) al.ports.mark(port);
    if (svc.spec?.healthCheckNodePort) al.ports.mark(svc.spec.healthCheckNodePort);
  }
}
