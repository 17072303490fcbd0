/**
 * What a fresh cluster holds before anyone writes (the API server's bootstrap controllers): the
 * namespaces default, kube-system, kube-public and kube-node-lease, and the `kubernetes` Service
 * in default at the first address of the service CIDR, with its Endpoints and EndpointSlice.
 */
import type { Namespace } from '../../k8s/types/cluster';
import type { EndpointSlice, Endpoints } from '../../k8s/types/discovery';
import type { Service } from '../../k8s/types/service';
import type { KubeObject } from '../../k8s/types/meta';
import type { ClusterApi } from '../api';
import { isAlreadyExists, isPermanent, type ControllerContext, type RunningController } from './context';
import { createWorkQueue } from './work-queue';
import { nodeInternalIP } from './simulated-nodes';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];
export const KUBE_APISERVER = 'kube-apiserver';
/** Where the simulated control plane's API server "listens" (node-1). */
export const APISERVER_ENDPOINT = { ip: nodeInternalIP(0), port: 6443 };

function createIfMissing<T extends Service | Namespace | Endpoints | EndpointSlice>(api: ClusterApi, resource: 'services' | 'namespaces' | 'endpoints' | 'endpointslices', obj: T): void {
  if (api.get(resource, obj.metadata.namespace, obj.metadata.name ?? '')) return;
  try {
    api.create<T>(resource, obj, { fieldManager: KUBE_APISERVER });
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
  }
}

export function bootstrapCluster(api: ClusterApi, kubernetesServiceIP: string): void {
  for (const name of SYSTEM_NAMESPACES) {
    createIfMissing<Namespace>(api, 'namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
    });
  }
  createIfMissing<Service>(api, 'services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      type: 'ClusterIP',
      clusterIP: kubernetesServiceIP,
      clusterIPs: [kubernetesServiceIP],
      ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: APISERVER_ENDPOINT.port }],
      sessionAffinity: 'None',
    },
  });
  createIfMissing<Endpoints>(api, 'endpoints', {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: [{ ip: APISERVER_ENDPOINT.ip }], ports: [{ name: 'https', port: APISERVER_ENDPOINT.port, protocol: 'TCP' }] }],
  });
  createIfMissing<EndpointSlice>(api, 'endpointslices', {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [APISERVER_ENDPOINT.ip], conditions: { ready: true } }],
    ports: [{ name: 'https', protocol: 'TCP', port: APISERVER_ENDPOINT.port }],
  });
}

/**
 * The API server keeps these in place (its bootstrap and "kubernetes" Service controllers): when one
 * is deleted it comes back.
 */
export function startBootstrapController(ctx: ControllerContext, kubernetesServiceIP: string): RunningController {
  const queue = createWorkQueue(() => bootstrapCluster(ctx.api, kubernetesServiceIP), {
    batchMs: 100,
    retryable: (err) => !isPermanent(err),
    onError: (_key, err) => ctx.onError(err, 'bootstrap-controller'),
  });
  const watched = (o: KubeObject) =>
    (o.metadata.namespace === 'default' && o.metadata.name === 'kubernetes') || (!o.metadata.namespace && SYSTEM_NAMESPACES.includes(o.metadata.name ?? ''));
  for (const informer of [ctx.informers.services, ctx.informers.endpoints, ctx.informers.endpointslices, ctx.informers.namespaces]) {
    informer.onEvent((e, obj) => {
      if (e.type === 'DELETED' && watched(obj)) queue.add('bootstrap');
    });
  }
  return {
    start() {},
    idle: () => queue.idle(),
    busy: () => queue.busy(),
    stop: () => queue.stop(),
  };
}
