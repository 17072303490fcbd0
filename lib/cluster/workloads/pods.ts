/**
 * The simulated pods' processes: per pod, one responder per declared TCP containerPort, started on the
 * first connection to it (lazily: a demo or `--scale` cluster has many pods nobody connects to, and an
 * idle listener costs a file descriptor). A pod that is not Ready refuses connections, as a process
 * still starting that does not listen yet; a deleted pod (or one replaced under the same name)
 * closes its listeners and every connection to them.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import type { Pod } from '../../k8s/types/pod';
import type { ClusterApi } from '../api';
import { startResponder, type Responder } from './responder';

interface PodProcess {
  uid: string;
  responders: Map<number, Promise<Responder>>;
  /** Connections open or being opened (the per-pod bound). */
  open: number;
  sockets: Set<Socket>;
  closed: boolean;
}

/** A refused connection, with the message the kubelet writes on the port's error channel. */
export class ConnectRefused extends Error {}

export interface PodProcesses {
  /** Connects to `port` of `pod` as the kubelet does inside the pod's network namespace. */
  connect(pod: Pod, port: number, maxConnections: number): Promise<Socket>;
  stop(): void;
}

function isReady(pod: Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

function declaredTcpPort(pod: Pod, port: number): { name?: string } | undefined {
  for (const c of pod.spec?.containers ?? []) {
    for (const p of c.ports ?? []) if (p.containerPort === port && (p.protocol ?? 'TCP') === 'TCP') return { name: p.name };
  }
  return undefined;
}

const keyOf = (namespace: string, name: string): string => `${namespace}/${name}`;

export function startPodProcesses(api: ClusterApi): PodProcesses {
  const processes = new Map<string, PodProcess>();

  function exit(key: string): void {
    const proc = processes.get(key);
    if (!proc) return;
    processes.delete(key);
    proc.closed = true;
    for (const s of proc.sockets) s.destroy();
    for (const r of proc.responders.values())
      void r.then(
        (responder) => responder.close(),
        () => undefined,
      );
  }

  const stopWatch = api.watch('pods', (event) => {
    if (event.type === 'DELETED') exit(keyOf(event.object.metadata.namespace ?? '', event.object.metadata.name ?? ''));
  });

  function processOf(pod: Pod): PodProcess {
    const key = keyOf(pod.metadata.namespace ?? '', pod.metadata.name ?? '');
    const uid = pod.metadata.uid ?? '';
    let proc = processes.get(key);
    if (proc && proc.uid !== uid) exit(key);
    proc = processes.get(key);
    if (!proc) {
      proc = { uid, responders: new Map(), open: 0, sockets: new Set(), closed: false };
      processes.set(key, proc);
    }
    return proc;
  }

  async function connect(pod: Pod, port: number, maxConnections: number): Promise<Socket> {
    const refused = new ConnectRefused(`failed to connect to localhost:${port} inside the pod: dial tcp4 127.0.0.1:${port}: connect: connection refused`);
    const declared = declaredTcpPort(pod, port);
    // Nothing listens on an undeclared port, nor (yet) in a pod that is not ready.
    if (!declared || !isReady(pod)) throw refused;
    const proc = processOf(pod);
    if (proc.open >= maxConnections) throw new ConnectRefused(`pod ${pod.metadata.name ?? ''} already has ${maxConnections} connections (--pod-max-connections)`);
    proc.open++;
    try {
      let responder = proc.responders.get(port);
      if (!responder) {
        responder = startResponder({ name: pod.metadata.name ?? '', namespace: pod.metadata.namespace ?? '', uid: proc.uid, ip: pod.status?.podIP ?? '' }, port, declared.name);
        proc.responders.set(port, responder);
      }
      const { port: local } = await responder;
      const socket = await new Promise<Socket>((resolve, reject) => {
        const s = connectTcp(local, '127.0.0.1', () => {
          s.off('error', reject);
          resolve(s);
        });
        s.once('error', reject);
      });
      if (proc.closed) {
        socket.destroy();
        throw refused;
      }
      socket.setNoDelay(true);
      proc.sockets.add(socket);
      socket.once('close', () => {
        proc.sockets.delete(socket);
        proc.open--;
      });
      return socket;
    } catch (err) {
      proc.open--;
      throw err instanceof ConnectRefused ? err : refused;
    }
  }

  return {
    connect,
    stop() {
      stopWatch();
      for (const key of [...processes.keys()]) exit(key);
    },
  };
}
