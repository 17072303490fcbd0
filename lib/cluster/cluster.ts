/**
 * Starts and stops the whole embedded cluster: store, allocations, resource definitions,
 * controllers, demo data (first start only, unless `empty`) and the HTTP server on 127.0.0.1.
 */
import { createServiceAllocation } from './allocators';
import type { Identity } from './auth';
import { startControllers } from './controllers';
import { listenApi } from './http/listener';
import { loadServingCertificate } from './http/self-signed';
import { createRequestHandler, createUpgradeHandler, type ApiServerOptions } from './http/server';
import { writeKubeconfigFile } from './kubeconfig';
import type { ClusterOptions } from './options';
import { createDefinitions } from './registry';
import { createClusterApi } from './rest/cluster-api';
import { createRestContext } from './rest/context';
import { loadIdentities } from './auth';
import { seedDemoData } from './demo/seed';
import { seedScaleServices } from './demo/scale';
import { openStore } from './storage';
import { connectionLimitsOf, watchQueueLimitsOf, workloadLimitsOf } from './serving-options';
import { startPodProcesses } from './workloads/pods';
import type { Service } from '../k8s/types/service';
import type { ClusterApi } from './api';

export type { ClusterOptions } from './options';

export interface RunningCluster {
  /** `http://127.0.0.1:<port>` (plain HTTP; the same port also speaks TLS). */
  url: string;
  /** `https://127.0.0.1:<port>`: what the kubeconfig uses (kubectl sends tokens only over TLS). */
  secureUrl: string;
  /** PEM of the self-signed serving certificate (the kubeconfig's certificate-authority-data). */
  caCertificate: string;
  port: number;
  identities: Identity[];
  writeKubeconfig(path: string): void;
  stop(): Promise<void>;
  /** The in-process API of this cluster (same code path as HTTP, no auth). */
  api: ClusterApi;
}

export const LOOPBACK = '127.0.0.1';

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const identities = loadIdentities(options.tokensFile);
  const store = openStore({ dataDir: options.dataDir, historySize: options.historySize });
  const firstStart = store.currentResourceVersion() === 0;
  const allocation = createServiceAllocation({ serviceCIDR: options.serviceClusterIPRange, nodePortRange: options.serviceNodePortRange });
  allocation.rebuild(store.list('services') as Service[]);
  const ctx = createRestContext(store, createDefinitions(allocation));
  const api = createClusterApi(ctx);
  const controllers = startControllers(api, { lbPool: options.lbPool, serviceCIDR: options.serviceClusterIPRange });
  try {
    if (firstStart && !options.empty) seedDemoData(api);
  } catch (err) {
    console.error('demo data:', err instanceof Error ? err.message : err);
  }
  if (options.scale) {
    const started = performance.now();
    const created = seedScaleServices(api, options.scale);
    if (created > 0) console.log(`--scale ${options.scale}: created ${created} Services in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const processes = startPodProcesses(api);
  const serverOptions: ApiServerOptions = {
    ctx,
    identities,
    anonymous: options.anonymousAuth,
    watchQueue: watchQueueLimitsOf(options),
    portForward: { api, processes, limits: workloadLimitsOf(options) },
    onError: (err) => console.error('[api] internal error:', err),
  };
  const handler = createRequestHandler(serverOptions);
  const upgrade = createUpgradeHandler(serverOptions, handler);
  const certificate = loadServingCertificate(options.dataDir);
  let listener;
  try {
    listener = await listenApi(handler, { port: options.port, host: LOOPBACK, certificate, limits: connectionLimitsOf(options), upgrade });
  } catch (err) {
    processes.stop();
    controllers.stop();
    store.close();
    throw err;
  }
  const port = listener.port;
  const url = `http://${LOOPBACK}:${port}`;
  const secureUrl = `https://${LOOPBACK}:${port}`;
  const writeKubeconfig = (path: string): void => writeKubeconfigFile(path, secureUrl, identities, certificate.cert);
  if (options.writeKubeconfig) writeKubeconfig(options.writeKubeconfig);
  let stopped: Promise<void> | undefined;
  return {
    url,
    secureUrl,
    caCertificate: certificate.cert,
    port,
    identities,
    api,
    writeKubeconfig,
    stop() {
      stopped ??= (async () => {
        controllers.stop();
        processes.stop();
        await listener.close();
        store.close();
      })();
      return stopped;
    },
  };
}
