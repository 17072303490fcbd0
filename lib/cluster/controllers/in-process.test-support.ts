/** An in-process cluster for controller tests: real store, registry, REST core and ClusterApi. */
import { createServiceAllocation } from '../allocators/index';
import type { ClusterApi } from '../api';
import { createDefinitions } from '../registry/index';
import { createClusterApi } from '../rest/cluster-api';
import { createRestContext } from '../rest/context';
import { openStore } from '../storage/index';
import { startControllers, type RunningControllers } from './index';

export interface InProcessCluster {
  api: ClusterApi;
  controllers: RunningControllers;
  errors: string[];
  /** Stops the controllers and starts new ones on the same store (a restart without data loss). */
  restart(): void;
  stop(): void;
}

export function startInProcessCluster(options: { lbPool?: string; podTerminationMs?: number } = {}): InProcessCluster {
  const store = openStore();
  const allocation = createServiceAllocation({});
  const api = createClusterApi(createRestContext(store, createDefinitions(allocation)));
  const errors: string[] = [];
  const start = () =>
    startControllers(api, {
      lbPool: options.lbPool ?? '172.18.255.0/24',
      // Terminating pods go quickly in tests (the kubelet's delay is covered by its own test).
      podTerminationMs: options.podTerminationMs ?? 50,
      onError: (err, where) => errors.push(`${where}: ${err instanceof Error ? err.message : String(err)}`),
    });
  const cluster: InProcessCluster = {
    api,
    controllers: start(),
    errors,
    restart() {
      cluster.controllers.stop();
      cluster.controllers = start();
    },
    stop() {
      cluster.controllers.stop();
      store.close();
    },
  };
  return cluster;
}
