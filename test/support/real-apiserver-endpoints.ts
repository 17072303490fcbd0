/**
 * The `kubernetes` Service's endpoints on the real test cluster. Its kube-apiserver runs with
 * `--endpoint-reconciler-type=none` (it listens on loopback, an address no endpoint may have), so
 * nothing writes them; here they are written as its reconciler would for an API server on node-1,
 * where the embedded cluster's simulated control plane listens too (APISERVER_ENDPOINT).
 */
import type { KubeConfig, V1Endpoints, V1EndpointSlice } from '@kubernetes/client-node';
import { APISERVER_ENDPOINT } from '../../lib/cluster/controllers/bootstrap';
import { body, demoClient, isAlreadyExists, wire } from '../../lib/demo-seed/client';
import type { EndpointSlice, Endpoints, Service } from '../../lib/k8s/types';

export async function writeApiServerEndpoints(kc: KubeConfig): Promise<void> {
  const client = demoClient(kc);
  const svc = wire<Service>(await client.core.readNamespacedService({ name: 'kubernetes', namespace: 'default' }));
  const target = svc.spec?.ports?.[0]?.targetPort;
  const port = typeof target === 'number' ? target : APISERVER_ENDPOINT.port;
  const endpoints: Endpoints = {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: [{ ip: APISERVER_ENDPOINT.ip }], ports: [{ name: 'https', port, protocol: 'TCP' }] }],
  };
  const slice: EndpointSlice = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [APISERVER_ENDPOINT.ip], conditions: { ready: true } }],
    ports: [{ name: 'https', protocol: 'TCP', port }],
  };
  const ignoreExisting = (err: unknown): void => {
    if (!isAlreadyExists(err)) throw err;
  };
  await client.core.createNamespacedEndpoints({ namespace: 'default', body: body<V1Endpoints>(endpoints) }).catch(ignoreExisting);
  await client.discovery.createNamespacedEndpointSlice({ namespace: 'default', body: body<V1EndpointSlice>(slice) }).catch(ignoreExisting);
}
