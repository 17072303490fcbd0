import 'server-only';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { failure, statusError } from '../../k8s/status';
import type { ForwardView } from '../../reach/wire';
import { auditPortForward } from '../audit';
import { authConfig } from '../auth-mode';
import { RequestError } from '../errors';
import type { RequestIdentity } from '../identity';
import { sessionAbsoluteEnd } from '../session';
import { isRevoked } from '../session-revocation';
import { reachLimits, tooMany } from './bounds';
import { openPortForward } from './port-forward';
import { serviceBackends } from './service-backends';
import { reachEndpoints } from './targets';

interface Forward {
  view: ForwardView;
  owner: string;
  identity: RequestIdentity;
  server: net.Server;
  sockets: Set<net.Socket>;
  refresh: ReturnType<typeof setInterval>;
}

/** Every forward of this process (shared by the route modules that list, open and stop them). */
const KEY = Symbol.for('porthole.reach.forwards');
const registry = ((globalThis as Record<symbol, Map<string, Forward> | undefined>)[KEY] ??= new Map<string, Forward>());

/** How often a forward checks that its pod is still a ready endpoint (switching to another when not). */
const REFRESH_MS = 3000;

/** The first ready endpoint's pod and its port for the Service port, as `kubectl port-forward svc/NAME` picks one. */
async function pickPod(
  identity: RequestIdentity,
  namespace: string,
  service: string,
  servicePort: number,
  keep?: string,
): Promise<{ pod: string; targetPort: number } | undefined> {
  const b = await serviceBackends(identity.kubeConfig, namespace, service, servicePort);
  const usable = reachEndpoints(b.port, b.slices, b.pods, false).filter((e) => e.ready && !e.terminating && e.pod && e.targetPort !== undefined && !e.problem);
  const chosen = usable.find((e) => e.pod === keep) ?? usable[0];
  return chosen ? { pod: chosen.pod!, targetPort: chosen.targetPort! } : undefined;
}

/** A forward opened in a token-mode session ends with it: signed out (on any replica) or past its absolute end. */
function sessionEnded(identity: RequestIdentity, now: number = Date.now()): boolean {
  const session = identity.session;
  return !!session && (isRevoked(session.sid, now) || now >= sessionAbsoluteEnd(session, authConfig()));
}

async function repick(f: Forward): Promise<void> {
  const v = f.view;
  if (sessionEnded(f.identity)) {
    stopForward(f.identity, v.id);
    return;
  }
  const next = await pickPod(f.identity, v.namespace, v.service, v.servicePort, v.pod).catch(() => undefined);
  if (!next || next.pod === v.pod) return;
  v.pod = next.pod;
  v.targetPort = next.targetPort;
  void auditPortForward(f.identity, { namespace: v.namespace, service: v.service, pod: next.pod, port: next.targetPort, code: 200 }).catch(() => undefined);
}

async function connect(f: Forward, socket: net.Socket): Promise<void> {
  const v = f.view;
  if (sessionEnded(f.identity)) {
    socket.destroy();
    stopForward(f.identity, v.id);
    return;
  }
  v.connections++;
  v.activeConnections++;
  f.sockets.add(socket);
  socket.pause();
  socket.on('error', () => undefined);
  socket.once('close', () => {
    v.activeConnections--;
    f.sockets.delete(socket);
  });
  const open = () => openPortForward(f.identity.kubeConfig, v.namespace, v.pod ?? '', v.targetPort ?? 0);
  let tunnel;
  try {
    tunnel = await open().catch(async () => {
      await repick(f);
      return open();
    });
  } catch (err) {
    v.lastError = (err as Error).message.slice(0, 300);
    socket.destroy();
    return;
  }
  tunnel.on('data', (chunk: Buffer) => (v.bytesIn += chunk.length));
  socket.on('data', (chunk: Buffer) => (v.bytesOut += chunk.length));
  tunnel.on('error', (err: Error) => {
    v.lastError = err.message.slice(0, 300);
    socket.destroy();
  });
  tunnel.on('end', () => socket.end());
  socket.on('close', () => tunnel.destroy());
  socket.pipe(tunnel);
  tunnel.pipe(socket);
  socket.resume();
}

function listen(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Opens `127.0.0.1:localPort` (a free port when 0) forwarding to a ready pod of the Service, for `identity`. */
export async function openForward(identity: RequestIdentity, namespace: string, service: string, servicePort: number | undefined, localPort: number): Promise<ForwardView> {
  const limit = reachLimits().forwardsPerIdentity;
  if (listForwards(identity).length >= limit) throw tooMany(`at most ${limit} port forwards per user: stop one first`, 10);
  const b = await serviceBackends(identity.kubeConfig, namespace, service, servicePort);
  const chosen = await pickPod(identity, namespace, service, b.port.port);
  if (!chosen) throw new RequestError(failure(503, 'ServiceUnavailable', `service ${service} has no ready pod to forward to`));
  const server = net.createServer();
  let port: number;
  try {
    port = await listen(server, localPort);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new RequestError(
      code === 'EADDRINUSE' || code === 'EACCES' ? failure(409, 'Conflict', `local port ${localPort} is not free`) : statusError.internal((err as Error).message),
    );
  }
  const view: ForwardView = {
    id: randomUUID(),
    namespace,
    service,
    servicePort: b.port.port,
    localPort: port,
    url: `http://127.0.0.1:${port}/`,
    pod: chosen.pod,
    targetPort: chosen.targetPort,
    bytesIn: 0,
    bytesOut: 0,
    connections: 0,
    activeConnections: 0,
  };
  const f: Forward = { view, owner: identity.name, identity, server, sockets: new Set(), refresh: setInterval(() => void repick(f), REFRESH_MS) };
  f.refresh.unref();
  server.on('connection', (socket) => void connect(f, socket));
  registry.set(view.id, f);
  void auditPortForward(identity, { namespace, service, pod: chosen.pod, port: chosen.targetPort, code: 201 }).catch(() => undefined);
  return { ...view };
}

/** The identity's own forwards. */
export function listForwards(identity: RequestIdentity): ForwardView[] {
  return [...registry.values()].filter((f) => f.owner === identity.name).map((f) => ({ ...f.view }));
}

/** Stops one of the identity's forwards (its listener and every connection); undefined when there is none. */
export function stopForward(identity: RequestIdentity, id: string): ForwardView | undefined {
  const f = registry.get(id);
  if (!f || f.owner !== identity.name) return undefined;
  registry.delete(id);
  clearInterval(f.refresh);
  f.server.close();
  for (const s of f.sockets) s.destroy();
  return { ...f.view };
}
