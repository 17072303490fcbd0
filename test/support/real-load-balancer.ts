/**
 * The real test cluster has no cloud provider: this plays its service controller for the tests, as the
 * embedded cluster's load-balancer controller does (lib/cluster/controllers/load-balancer-controller.ts).
 * A LoadBalancer Service without a loadBalancerClass gets an ingress address from the same pool
 * (172.18.255.0/24, `ipMode: VIP`) through the status subresource, with the EnsuringLoadBalancer and
 * EnsuredLoadBalancer events. Addresses are not given back: a test run uses a few dozen of 254.
 */
import { PatchStrategy, setHeaderOptions, type CoreV1Event, type KubeConfig, type V1Service } from '@kubernetes/client-node';
import { LoadBalancerPool } from '../../lib/cluster/controllers/lb-pool';
import { body, demoClient, errorText, isNotFound, wire } from '../../lib/demo-seed/client';
import type { Event, KubeList, Service } from '../../lib/k8s/types';
import { watchLoop, type WatchLoop } from './real-watch-loop';

const COMPONENT = 'service-controller';

export function startLoadBalancerController(kc: KubeConfig, log: (line: string) => void = () => undefined): WatchLoop {
  const client = demoClient(kc);
  const pool = new LoadBalancerPool();
  const busy = new Set<string>();

  async function event(svc: Service, reason: string, message: string): Promise<void> {
    const { name = '', namespace = '', uid } = svc.metadata;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const ev: Event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${name}.${Date.now().toString(16)}${Math.floor(Math.random() * 1e6).toString(16)}`, namespace },
      involvedObject: { apiVersion: 'v1', kind: 'Service', name, namespace, uid, resourceVersion: svc.metadata.resourceVersion },
      reason,
      message,
      type: 'Normal',
      source: { component: COMPONENT },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
    };
    await client.core.createNamespacedEvent({ namespace, body: body<CoreV1Event>(ev) });
  }

  async function ensure(svc: Service): Promise<void> {
    const { name = '', namespace = '' } = svc.metadata;
    const key = `${namespace}/${name}`;
    const ingress = svc.status?.loadBalancer?.ingress ?? [];
    for (const i of ingress) if (i.ip) pool.take(i.ip);
    if (svc.spec?.type !== 'LoadBalancer' || svc.spec.loadBalancerClass || ingress.length > 0 || svc.metadata.deletionTimestamp || busy.has(key)) return;
    busy.add(key);
    const ip = pool.next();
    try {
      if (!ip) throw new Error('no available IPs in the pool');
      await event(svc, 'EnsuringLoadBalancer', 'Ensuring load balancer');
      const patch = { status: { loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } } };
      await client.core.patchNamespacedServiceStatus({ name, namespace, body: body<V1Service>(patch) }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
      await event(svc, 'EnsuredLoadBalancer', 'Ensured load balancer');
    } catch (err) {
      if (ip) pool.release(ip);
      if (!isNotFound(err)) log(`load balancer for ${key}: ${errorText(err)}`);
    } finally {
      busy.delete(key);
    }
  }

  const list = async (): Promise<KubeList<Service>> => wire<KubeList<Service>>(await client.core.listServiceForAllNamespaces());
  return watchLoop<Service>(kc, { path: '/api/v1/services', list }, (svc) => void ensure(svc), log);
}
