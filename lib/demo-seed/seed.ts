/**
 * seedDemo: the embedded cluster's demo (../cluster/demo/data.ts, the same definitions) on any API
 * server the user may write to, through client-node: the demo namespaces, the simulated Nodes
 * node-1..3, the Services, the hand-made Endpoints/EndpointSlice, and the pods — each put on a
 * node (round-robin, honouring nodeSelector) and reported Running with an IP from its node's pod
 * CIDR and the demo's readiness through pods/status, as a kubelet would. The server's own
 * controllers (EndpointSlice, Endpoints, mirroring) then do the rest.
 *
 * A cluster that already has one of the demo namespaces is refused (nothing is written) unless
 * `force`; with `force` what exists is left as it is and only the missing objects are created.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject } from '../k8s/types/meta';
import type { Pod } from '../k8s/types/pod';
import type { Service } from '../k8s/types/service';
import type { DemoObject } from '../cluster/demo/data';
import { demoObjects } from '../cluster/demo/data';
import { ipPlus } from '../cluster/allocators/ip-range';
import { demoClient, errorText, isAlreadyExists, isNotFound, wire, type DemoClient } from './client';
import { DEMO_NODES, ensureNode, nodeIndex, renewLease, type SimNode } from './nodes';
import { createDemoObject, describe } from './objects';
import { PodIPs } from './pod-ips';
import { needsStart, podKey, reportRunning } from './pod-status';

export interface SeedOptions {
  /** Seed even when the demo namespaces exist: create only what is missing. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface SeedResult {
  /** The API server seeded. */
  server: string;
  /** The simulated nodes the demo pods run on (pass them to startKubelet). */
  nodes: string[];
  /** Objects created, e.g. `Service shop/frontend`. */
  created: string[];
  /** Objects left as they were (they existed). */
  existing: string[];
  /** What differs from the embedded demo on this server, and why. */
  notes: string[];
}

/** The cluster already has demo namespaces (and `force` was not given). */
export class SeedRefusedError extends Error {
  constructor(
    readonly server: string,
    readonly namespaces: string[],
  ) {
    super(
      `refusing to seed ${server}: it already has the demo namespace${namespaces.length > 1 ? 's' : ''} ${namespaces.join(', ')} ` +
        '(seeded before, or in use for something else). Nothing was changed. Use --force (force: true) to add the missing demo objects to them.',
    );
    this.name = 'SeedRefusedError';
  }
}

export const DEMO_NAMESPACES: readonly string[] = demoObjects()
  .filter((o) => o.resource === 'namespaces')
  .map((o) => o.object.metadata.name ?? '');

/** The 10th address of the service CIDR, from the `kubernetes` Service (10.96.0.10 by default), as the embedded seed picks it. */
async function dnsServiceIP(client: DemoClient): Promise<string | undefined> {
  try {
    const svc = wire<Service>(await client.core.readNamespacedService({ name: 'kubernetes', namespace: 'default' }));
    return ipPlus(svc.spec?.clusterIP ?? '', 9);
  } catch {
    return undefined;
  }
}

async function exists(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/** Pods already on the simulated nodes hold their IPs. */
async function holdExistingIPs(client: DemoClient, nodes: SimNode[], ips: PodIPs): Promise<void> {
  for (const node of nodes) {
    ips.addNode(node.name, node.podCIDR);
    const list = await client.core.listPodForAllNamespaces({ fieldSelector: `spec.nodeName=${node.name}` });
    for (const pod of wire<Pod[]>(list.items)) ips.hold(node.name, podKey(pod), pod.status?.podIP);
  }
}

/** Picks nodes round-robin among those whose labels match the pod's nodeSelector (the embedded scheduler's rule). */
function placer(nodes: SimNode[]): (pod: Pod) => SimNode | undefined {
  let next = 0;
  return (pod) => {
    const selector = Object.entries(pod.spec?.nodeSelector ?? {});
    const fits = nodes.filter((n) => selector.every(([k, v]) => n.labels[k] === v));
    return fits.length ? fits[next++ % fits.length] : undefined;
  };
}

/** kube-dns already there (a real cluster's DNS): the demo's kube-dns Service and CoreDNS pods must not join it. */
function isDnsObject(o: DemoObject): boolean {
  return o.object.metadata.namespace === 'kube-system' && o.object.metadata.labels?.['k8s-app'] === 'kube-dns';
}

export async function seedDemo(kc: KubeConfig, opts: SeedOptions = {}): Promise<SeedResult> {
  const client = demoClient(kc);
  const log = opts.log ?? (() => undefined);
  const result: SeedResult = { server: client.server, nodes: [...DEMO_NODES], created: [], existing: [], notes: [] };
  const note = (line: string): void => {
    result.notes.push(line);
    log(`note: ${line}`);
  };

  const present: string[] = [];
  for (const name of DEMO_NAMESPACES) if (await exists(() => client.core.readNamespace({ name }))) present.push(name);
  if (present.length && !opts.force) throw new SeedRefusedError(client.server, present);

  let objects = demoObjects(await dnsServiceIP(client));
  if (await exists(() => client.core.readNamespacedService({ name: 'kube-dns', namespace: 'kube-system' }))) {
    objects = objects.filter((o) => !isDnsObject(o));
    note('kube-system/kube-dns exists on this server: its Service and pods are left alone; the demo kube-dns Service and CoreDNS pods were not created');
  }

  const nodes: SimNode[] = [];
  const leaseFailures: string[] = [];
  for (const [i, name] of DEMO_NODES.entries()) {
    const { node, created } = await ensureNode(client, name, nodeIndex(name, i));
    nodes.push(node);
    (created ? result.created : result.existing).push(`Node ${name}`);
    log(`${created ? 'created' : 'exists: '} Node ${name}`);
    await renewLease(client, node).catch((err: unknown) => leaseFailures.push(`${name}: ${errorText(err)}`));
  }
  if (leaseFailures.length) note(`node Leases (kube-node-lease) not written, so nothing tells a node-lifecycle controller these nodes are alive: ${leaseFailures.join('; ')}`);
  const ips = new PodIPs();
  await holdExistingIPs(client, nodes, ips);
  const place = placer(nodes);

  for (const { resource, object } of objects) {
    const what = describe(resource, object);
    let current: KubeObject;
    try {
      const placed = resource === 'pods' ? place(object as Pod) : undefined;
      const toCreate = placed ? { ...object, spec: { ...(object as Pod).spec, nodeName: placed.name } } : object;
      const made = await createDemoObject(client, resource, toCreate);
      if (made.note) note(made.note);
      current = made.object;
      result.created.push(what);
      log(`created ${what}`);
    } catch (err) {
      if (!isAlreadyExists(err)) throw new Error(`${what}: ${errorText(err)}`, { cause: err });
      result.existing.push(what);
      log(`exists:  ${what}`);
      if (resource !== 'pods') continue;
      current = wire<Pod>(await client.core.readNamespacedPod({ name: object.metadata.name ?? '', namespace: object.metadata.namespace ?? '' }));
    }
    if (resource !== 'pods') continue;
    const pod = current as Pod;
    const node = nodes.find((n) => n.name === pod.spec?.nodeName);
    if (!node || !needsStart(pod)) continue;
    const ip = ips.take(node.name, podKey(pod));
    if (!ip) {
      note(`${what}: node ${node.name} has no free pod IP; left Pending`);
      continue;
    }
    await reportRunning(client, pod, node, ip);
    log(`         ${what} Running on ${node.name} (${ip})`);
  }
  if (objects.some((o) => o.resource === 'services' && (o.object as Service).spec?.type === 'LoadBalancer')) {
    note('LoadBalancer Services (shop/storefront) get an external address only where a load-balancer controller runs: on a bare kube-apiserver they stay pending');
  }
  return result;
}
