/**
 * startKubelet: plays the kubelet of the demo's simulated nodes on an API server that has none.
 * Every 10 s each node's Lease in kube-node-lease is renewed and its Ready condition kept True
 * (the node-lifecycle controller marks a silent node NotReady after 40 s, and its pods unready).
 * Pods on those nodes (a watch per node, `spec.nodeName=<node>`, cluster-wide or in the given
 * namespaces) are reported Running with an IP from the node's pod CIDR and the demo's readiness
 * (`porthole.dev/ready: "false"` starts unready); a pod deleted with a grace period is deleted for
 * good (grace 0, uid precondition) after min(its grace period, `terminationMs`), as a kubelet
 * confirms a stopped pod. Missing nodes are created as the demo builds them.
 */
import { Watch, type KubeConfig, type V1DeleteOptions } from '@kubernetes/client-node';
import type { Pod } from '../k8s/types/pod';
import type { KubeList } from '../k8s/types/meta';
import { DEFAULT_POD_TERMINATION_MS } from '../cluster/controllers/nodes-controller';
import { body, demoClient, errorText, isNotFound, wire, type DemoClient } from './client';
import { ensureNode, nodeIndex, renewLease, type SimNode } from './nodes';
import { PodIPs } from './pod-ips';
import { needsStart, podKey, reportRunning } from './pod-status';

export interface KubeletOptions {
  /** The nodes to play (e.g. SeedResult.nodes). */
  nodes: string[];
  /** Watch pods only in these namespaces (a user who may not list pods cluster-wide); default all. */
  namespaces?: string[];
  log?: (line: string) => void;
  /** Lease renewal period (default 10 s, the kubelet's). */
  heartbeatMs?: number;
  /** How long a Terminating pod takes at most to stop (default 1 s, as the embedded cluster's kubelet). */
  terminationMs?: number;
}

export interface RunningKubelet {
  stop(): Promise<void>;
}

export const HEARTBEAT_MS = 10_000;
const RETRY_MS = 1_000;
const WATCH_TIMEOUT_SECONDS = 300;

interface WatchEventObject {
  type: string;
  object: Pod | { kind: 'Status'; code?: number };
}

export function startKubelet(kc: KubeConfig, opts: KubeletOptions): RunningKubelet {
  const client: DemoClient = demoClient(kc);
  const log = opts.log ?? (() => undefined);
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const terminationMs = opts.terminationMs ?? DEFAULT_POD_TERMINATION_MS;
  const ips = new PodIPs();
  const nodes = new Map<string, SimNode>();
  const timers = new Set<NodeJS.Timeout>();
  const watches = new Set<AbortController>();
  /** Pods with a status write or a deletion in flight or scheduled. */
  const busy = new Set<string>();
  let stopped = false;

  const later = (fn: () => void, ms: number): void => {
    if (stopped) return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, ms);
    timers.add(t);
  };
  const sleep = (ms: number): Promise<void> => new Promise((r) => later(r, ms));

  async function heartbeat(): Promise<void> {
    for (const [i, name] of opts.nodes.entries()) {
      try {
        const { node, created } = await ensureNode(client, name, nodeIndex(name, i));
        if (created) log(`kubelet: created Node ${name}`);
        if (!nodes.has(name)) ips.addNode(name, node.podCIDR);
        nodes.set(name, node);
        await renewLease(client, node);
      } catch (err) {
        if (!stopped) log(`kubelet: heartbeat of ${name} failed: ${errorText(err)}`);
      }
    }
  }

  async function finishDeletion(key: string, pod: Pod): Promise<void> {
    try {
      const options: V1DeleteOptions = { gracePeriodSeconds: 0, preconditions: { uid: pod.metadata.uid } };
      await client.core.deleteNamespacedPod({ name: pod.metadata.name ?? '', namespace: pod.metadata.namespace ?? '', gracePeriodSeconds: 0, body: body<V1DeleteOptions>(options) });
      log(`kubelet: ${key} stopped (deleted)`);
    } catch (err) {
      if (!isNotFound(err) && !stopped) log(`kubelet: deleting ${key} failed: ${errorText(err)}`);
    } finally {
      busy.delete(key);
    }
  }

  async function start(key: string, pod: Pod, node: SimNode): Promise<void> {
    const ip = ips.take(node.name, key);
    try {
      if (!ip) throw new Error(`no free pod IP on ${node.name}`);
      await reportRunning(client, pod, node, ip);
      log(`kubelet: ${key} Running on ${node.name} (${ip})`);
    } catch (err) {
      if (isNotFound(err) || stopped) return;
      log(`kubelet: starting ${key} failed: ${errorText(err)}; retrying`);
      const retry = (): void => void refresh(key, pod);
      later(retry, RETRY_MS);
    } finally {
      busy.delete(key);
    }
  }

  /** Re-reads a pod whose start failed and handles it again. */
  async function refresh(key: string, pod: Pod): Promise<void> {
    try {
      handle('MODIFIED', wire<Pod>(await client.core.readNamespacedPod({ name: pod.metadata.name ?? '', namespace: pod.metadata.namespace ?? '' })));
    } catch (err) {
      if (isNotFound(err)) ips.release(key);
    }
  }

  function handle(type: string, pod: Pod): void {
    const key = podKey(pod);
    const node = nodes.get(pod.spec?.nodeName ?? '');
    if (type === 'DELETED' || !node) {
      ips.release(key);
      return;
    }
    ips.hold(node.name, key, pod.status?.podIP);
    if (busy.has(key)) return;
    if (pod.metadata.deletionTimestamp) {
      busy.add(key);
      const graceEnd = Date.parse(pod.metadata.deletionTimestamp) || Date.now();
      const wait = Math.max(0, Math.min(graceEnd - Date.now(), terminationMs));
      later(() => void finishDeletion(key, pod), wait);
      return;
    }
    if (!needsStart(pod)) return;
    busy.add(key);
    void start(key, pod, node);
  }

  async function list(namespace: string | undefined, fieldSelector: string): Promise<KubeList<Pod>> {
    const answer = namespace ? await client.core.listNamespacedPod({ namespace, fieldSelector }) : await client.core.listPodForAllNamespaces({ fieldSelector });
    return wire<KubeList<Pod>>(answer);
  }

  /** List, then watch from the list's resourceVersion; again on every end (410, timeout, error). */
  async function podLoop(node: string, namespace: string | undefined): Promise<void> {
    const fieldSelector = `spec.nodeName=${node}`;
    const path = namespace ? `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods` : '/api/v1/pods';
    while (!stopped) {
      try {
        const pods = await list(namespace, fieldSelector);
        for (const pod of pods.items) ips.hold(node, podKey(pod), pod.status?.podIP);
        for (const pod of pods.items) handle('ADDED', pod);
        const failed = await new Promise<boolean>((resolve) => {
          const onEvent = (type: string, object: WatchEventObject['object']): void => {
            if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED') handle(type, object as Pod);
          };
          new Watch(kc)
            .watch(path, { fieldSelector, resourceVersion: pods.metadata.resourceVersion, allowWatchBookmarks: true, timeoutSeconds: WATCH_TIMEOUT_SECONDS }, onEvent, (err: unknown) => resolve(!!err))
            .then(
              (controller) => {
                if (stopped) controller.abort();
                else watches.add(controller);
              },
              () => resolve(true),
            );
        });
        if (failed) await sleep(RETRY_MS);
      } catch (err) {
        if (!stopped) log(`kubelet: pods on ${node}: ${errorText(err)}`);
        await sleep(RETRY_MS);
      }
    }
  }

  const run = async (): Promise<void> => {
    await heartbeat();
    const beat = async (): Promise<void> => {
      await heartbeat();
      later(() => void beat(), heartbeatMs);
    };
    later(() => void beat(), heartbeatMs);
    for (const node of nodes.keys()) {
      for (const ns of opts.namespaces ?? [undefined]) void podLoop(node, ns);
    }
  };
  void run();

  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const w of watches) w.abort();
      watches.clear();
    },
  };
}
