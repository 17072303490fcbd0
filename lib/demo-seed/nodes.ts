/**
 * The demo's simulated Nodes on any API server: the same node-1..3 (zones, labels, pod CIDRs,
 * addresses) the embedded cluster registers (../cluster/controllers/simulated-nodes.ts), created
 * and kept alive the way their kubelets would (Node status through nodes/status, a Lease in
 * kube-node-lease). On a real cluster they carry a NoSchedule taint, so the real scheduler never
 * puts a real pod on a node where nothing runs.
 */
import { PatchStrategy, setHeaderOptions, type V1Lease, type V1Node } from '@kubernetes/client-node';
import type { Node, NodeCondition } from '../k8s/types/cluster';
import type { KubeObject } from '../k8s/types/meta';
import { buildNode, buildNodeStatus, NODE_COUNT, nodeInternalIP, nodeName, nodePodCIDR } from '../cluster/controllers/simulated-nodes';
import { rfc3339 } from '../cluster/controllers/context';
import { body, isNotFound, microTime, wire, type DemoClient } from './client';

/** node-1, node-2, node-3: the nodes of the embedded demo. */
export const DEMO_NODES: readonly string[] = Array.from({ length: NODE_COUNT }, (_, i) => nodeName(i));
export const SIMULATED_TAINT = { key: 'porthole.dev/simulated', value: 'true', effect: 'NoSchedule' };
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
/** The kubelet's default: a Lease lasts 40 s and is renewed every 10 s. */
export const LEASE_DURATION_SECONDS = 40;
/** The providerID of every simulated node (the embedded cluster's too): `porthole://<name>`. */
export const PROVIDER_PREFIX = 'porthole://';

export function isSimulated(node: Node): boolean {
  return node.spec?.providerID?.startsWith(PROVIDER_PREFIX) ?? false;
}

/** The Node's Ready condition is rewritten when its heartbeat is older than this (the lease carries the beat in between). */
const STATUS_REFRESH_MS = 60_000;

/** coordination.k8s.io/v1 Lease (wire form: times as text). */
export interface Lease extends KubeObject {
  spec?: { holderIdentity?: string; leaseDurationSeconds?: number; renewTime?: string; acquireTime?: string; leaseTransitions?: number };
}

/** The demo index of a node: node-N is N-1; any other name gets `fallback`. */
export function nodeIndex(name: string, fallback: number): number {
  const m = /^node-([1-9]\d*)$/.exec(name);
  return m ? Number(m[1]) - 1 : fallback;
}

/** Node `name` as the demo builds it (index `index`: zone, pod CIDR, InternalIP), tainted as simulated. */
export function simulatedNode(name: string, index: number): Node {
  const node = buildNode(index);
  node.metadata.name = name;
  node.metadata.labels = { ...node.metadata.labels, 'kubernetes.io/hostname': name };
  node.spec = { ...node.spec, providerID: `${PROVIDER_PREFIX}${name}`, taints: [SIMULATED_TAINT] };
  return node;
}

export function simulatedNodeStatus(name: string, index: number, now: string): NonNullable<Node['status']> {
  const status = buildNodeStatus(index, now);
  status.addresses = [
    { type: 'InternalIP', address: nodeInternalIP(index) },
    { type: 'Hostname', address: name },
  ];
  return status;
}

/** What a kubelet of the node needs to know: its name, pod CIDR and host IP. */
export interface SimNode {
  name: string;
  index: number;
  podCIDR: string;
  hostIP: string;
  uid: string;
  labels: Record<string, string>;
}

function simNode(node: Node, index: number): SimNode {
  const name = node.metadata.name ?? '';
  return {
    name,
    index,
    podCIDR: node.spec?.podCIDR ?? nodePodCIDR(index),
    hostIP: node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? nodeInternalIP(index),
    uid: node.metadata.uid ?? '',
    labels: node.metadata.labels ?? {},
  };
}

function readyCondition(node: Node): NodeCondition | undefined {
  return node.status?.conditions?.find((c) => c.type === 'Ready');
}

async function writeStatus(client: DemoClient, node: Node, index: number, now: number): Promise<Node> {
  const status = simulatedNodeStatus(node.metadata.name ?? '', index, rfc3339(new Date(now)));
  const patched = await client.core.patchNodeStatus({ name: node.metadata.name ?? '', body: body<V1Node>({ status }), fieldManager: 'kubelet' }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
  return wire<Node>(patched);
}

/**
 * Reads node `name`, creating it when missing; writes its status (Ready) when it has none or its
 * Ready condition is not True or stale. `created` tells whether this call made it.
 */
export async function ensureNode(client: DemoClient, name: string, index: number, now = Date.now()): Promise<{ node: SimNode; created: boolean }> {
  let node: Node;
  let created = false;
  try {
    node = wire<Node>(await client.core.readNode({ name }));
    if (!isSimulated(node)) {
      throw new Error(`Node ${name} exists and is not one of Porthole's simulated nodes (its providerID is ${node.spec?.providerID ?? 'empty'}, not ${PROVIDER_PREFIX}…): a real kubelet may run it, so the demo does not put pods on it or play its kubelet`);
    }
  } catch (err) {
    if (!isNotFound(err)) throw err;
    node = wire<Node>(await client.core.createNode({ body: body<V1Node>(simulatedNode(name, index)), fieldManager: 'kubelet' }));
    created = true;
  }
  const ready = readyCondition(node);
  const beat = Date.parse(ready?.lastHeartbeatTime ?? '') || 0;
  if (ready?.status !== 'True' || now - beat > STATUS_REFRESH_MS) node = await writeStatus(client, node, index, now);
  return { node: simNode(node, index), created };
}

/** Renews the node's Lease in kube-node-lease (creating it, owned by the Node, when missing): the heartbeat the node-lifecycle controller reads. */
export async function renewLease(client: DemoClient, node: SimNode, now = Date.now()): Promise<void> {
  const namespace = NODE_LEASE_NAMESPACE;
  try {
    const lease = wire<Lease>(await client.coordination.readNamespacedLease({ name: node.name, namespace }));
    const next: Lease = { ...lease, spec: { ...lease.spec, holderIdentity: node.name, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: microTime(now) } };
    await client.coordination.replaceNamespacedLease({ name: node.name, namespace, body: body<V1Lease>(next) });
  } catch (err) {
    if (!isNotFound(err)) throw err;
    const lease: Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: node.name, namespace, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.name, uid: node.uid }] },
      spec: { holderIdentity: node.name, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: microTime(now) },
    };
    await client.coordination.createNamespacedLease({ namespace, body: body<V1Lease>(lease) });
  }
}
