/**
 * Starts the embedded cluster's controllers on the in-process API: bootstrap objects, simulated
 * nodes, EndpointSlices, Endpoints, load balancers and namespace deletion.
 */
import type { ClusterApi } from '../api';
import { formatRangeIP } from '../allocators/ip-range';
import { parseServiceCIDRs } from '../allocators/service-cidrs';
import { ApiError } from '../errors/api-error';
import { bootstrapCluster, startBootstrapController } from './bootstrap';
import { isNamespaceTerminating, type ControllerContext, type RunningController } from './context';
import { startEndpointSliceController } from './endpointslice-controller';
import { startEndpointsController } from './endpoints-controller';
import { DEFAULT_LB_POOL, LoadBalancerPool } from './lb-pool';
import { startLoadBalancerController } from './load-balancer-controller';
import { startMirroringController } from './mirroring-controller';
import { startNamespaceController } from './namespace-controller';
import { startNodesController } from './nodes-controller';
import { createSharedInformers } from './shared-informers';

export interface ControllerOptions {
  /** CIDR of LoadBalancer ingress addresses, default 172.18.255.0/24. */
  lbPool: string;
  /** The service CIDR(s): the `kubernetes` Service gets the primary one's first address (default 10.96.0.0/12). */
  serviceCIDR?: string;
  /** Skip creating the system namespaces and the `kubernetes` Service. */
  skipBootstrap?: boolean;
  now?: () => Date;
  onError?: (err: unknown, where: string) => void;
  /** How long a simulated kubelet takes at most to stop a Terminating pod (default PORTHOLE_POD_TERMINATION_MS or 1 s). */
  podTerminationMs?: number;
}

export interface RunningControllers {
  /** Resolves once every controller has drained its queue (timers for later rechecks aside). */
  idle(): Promise<void>;
  stop(): void;
}

function defaultOnError(err: unknown, where: string): void {
  // A conflict means someone wrote in between: the retry reads the new state.
  if (err instanceof ApiError && err.code === 409) return;
  if (isNamespaceTerminating(err)) return;
  console.error(`[controllers] ${where}:`, err instanceof Error ? err.message : err);
}

export function kubernetesServiceIP(serviceCIDR = '10.96.0.0/12'): string {
  const primary = parseServiceCIDRs(serviceCIDR)[0];
  return formatRangeIP(primary, primary.first);
}

export function startControllers(api: ClusterApi, options: ControllerOptions): RunningControllers {
  const serviceIP = kubernetesServiceIP(options.serviceCIDR);
  const dualStackPods = parseServiceCIDRs(options.serviceCIDR ?? '10.96.0.0/12').some((r) => r.family === 'IPv6');
  if (!options.skipBootstrap) bootstrapCluster(api, serviceIP);
  const informers = createSharedInformers(api);
  const ctx: ControllerContext = {
    api,
    informers,
    now: options.now ?? (() => new Date()),
    onError: options.onError ?? defaultOnError,
  };
  const controllers: RunningController[] = [
    startNodesController(ctx, options.podTerminationMs, dualStackPods),
    startEndpointSliceController(ctx),
    startEndpointsController(ctx),
    startMirroringController(ctx),
    startLoadBalancerController(ctx, new LoadBalancerPool(options.lbPool || DEFAULT_LB_POOL)),
    startNamespaceController(ctx),
    ...(options.skipBootstrap ? [] : [startBootstrapController(ctx, serviceIP)]),
  ];
  informers.start();
  for (const c of controllers) c.start();
  return {
    async idle() {
      // Work of one controller queues work for another: wait until a pass finds all of them idle.
      do {
        await Promise.all(controllers.map((c) => c.idle()));
        await new Promise((r) => setImmediate(r));
      } while (controllers.some((c) => c.busy()));
    },
    stop() {
      for (const c of controllers) c.stop();
      informers.stop();
    },
  };
}

