/**
 * `GET /api/v1/namespaces/NS/pods/NAME/portforward?ports=P` upgraded to a WebSocket, as the kubelet
 * serves it behind kube-apiserver v1.32 (the API server passes a channel-protocol WebSocket through):
 * subprotocol v4.channel.k8s.io (or none), one TCP connection per requested port for the life of
 * the WebSocket, which closes once every port's connection ended. Errors before the upgrade are a
 * Status like the real one's; a refused connection or a bound is text on the port's error channel.
 * SPDY (kubectl's fallback, and the `SPDY/3.1+portforward.k8s.io` tunnel) is refused with a clear 400.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { failure, statusError } from '../../k8s/status';
import type { Status } from '../../k8s/types/meta';
import type { Pod } from '../../k8s/types/pod';
import type { ClusterApi } from '../api';
import { ConnectRefused, type PodProcesses } from '../workloads/pods';
import type { WorkloadLimits } from '../workloads/limits';
import { portFrame, relayPort, frame, type PortRelay } from '../workloads/relay';
import type { RequestInfo, ResourceRequestInfo } from './request-info';

/** The channel protocols the kubelet's port-forward speaks over WebSocket (binary; base64 is not served here). */
const CHANNEL_PROTOCOL = 'v4.channel.k8s.io';

export interface PortForwardBackend {
  api: ClusterApi;
  processes: PodProcesses;
  limits: WorkloadLimits;
}

export function isPortForward(info: RequestInfo): info is ResourceRequestInfo {
  return info.isResourceRequest && info.apiGroup === '' && info.resource === 'pods' && info.subresource === 'portforward' && info.name !== '';
}

/** The `ports` query parameters as the kubelet parses them, or its 400 message. */
function parsePorts(params: URLSearchParams): number[] | string {
  const values = params.getAll('ports').flatMap((v) => v.split(','));
  if (values.length === 0) return 'query parameter "port" is required';
  const ports: number[] = [];
  for (const v of values) {
    const n = /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!(n <= 65535)) return `unable to parse "${v}" as a port: strconv.ParseUint: parsing "${v}": invalid syntax`;
    if (n < 1) return `port "${v}" must be > 0`;
    ports.push(n);
  }
  return ports;
}

function offeredProtocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The checks before the upgrade: the pod, its node and phase, the ports, the protocol; a Status when one fails. */
function preflight(backend: PortForwardBackend, info: ResourceRequestInfo, req: IncomingMessage, params: URLSearchParams): { pod: Pod; ports: number[] } | Status {
  const pod = backend.api.get<Pod>('pods', info.namespace, info.name);
  if (!pod) return statusError.notFound({ group: '', resource: 'pods' }, info.name);
  const spdy = (req.headers.upgrade ?? '').toLowerCase().startsWith('spdy') || offeredProtocols(req).some((p) => p.startsWith('SPDY/'));
  if (spdy || (req.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
    return statusError.badRequest(
      `the embedded cluster serves port-forward over WebSocket with subprotocol ${CHANNEL_PROTOCOL} only (as @kubernetes/client-node's PortForward speaks it); SPDY is not supported, and kubectl port-forward needs it`,
    );
  }
  if (!pod.spec?.nodeName) return statusError.badRequest(`pod ${info.name} does not have a host assigned`);
  // The kubelet finds no running sandbox for a pod that is not Running (its GetPortForward), and says so with a 500.
  if (pod.status?.phase !== 'Running') return failure(500, 'InternalError', `pod not found ("${info.name}_${info.namespace}")`);
  const offered = offeredProtocols(req);
  if (offered.length && !offered.includes(CHANNEL_PROTOCOL))
    return statusError.badRequest(`unable to upgrade connection: no supported subprotocol among ${offered.join(', ')} (want ${CHANNEL_PROTOCOL})`);
  const ports = parsePorts(params);
  if (typeof ports === 'string') return statusError.badRequest(ports);
  return { pod, ports };
}

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, handleProtocols: (offered) => (offered.has(CHANNEL_PROTOCOL) ? CHANNEL_PROTOCOL : false) });

/** Upgrades and forwards; returns the Status to send instead when a check fails. */
export function servePortForward(
  backend: PortForwardBackend,
  info: ResourceRequestInfo,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  params: URLSearchParams,
): Status | undefined {
  const checked = preflight(backend, info, req, params);
  if (!('pod' in checked)) return checked;
  const { pod, ports } = checked;
  wss.handleUpgrade(req, socket, head, (ws) => void forward(backend, ws, pod, ports));
  return undefined;
}

async function forward(backend: PortForwardBackend, ws: WebSocket, pod: Pod, ports: number[]): Promise<void> {
  const describe = `pod ${pod.metadata.name ?? ''}, uid ${pod.metadata.uid ?? ''}`;
  const relays: (PortRelay | undefined)[] = [];
  // What the client sends before its port's connection is open is kept for it (as the kubelet's stream pipe does).
  // Held up to the byte bound (the relay then counts them and closes past it).
  const early: Buffer[][] = ports.map(() => []);
  const earlyBytes = ports.map(() => 0);
  ws.on('error', () => ws.terminate());
  ws.on('message', (message: Buffer, isBinary: boolean) => {
    if (!isBinary || message.length === 0) return;
    const channel = message[0];
    const index = channel / 2;
    if (channel % 2 !== 0 || index >= ports.length) return;
    const relay = relays[index];
    if (relay) relay.write(message.subarray(1));
    else if (earlyBytes[index] <= backend.limits.maxBytesPerConnection) {
      earlyBytes[index] += message.length - 1;
      early[index].push(message.subarray(1));
    }
  });
  ws.once('close', () => relays.forEach((r) => r?.destroy()));
  ports.forEach((port, i) => {
    ws.send(portFrame(2 * i, port));
    ws.send(portFrame(2 * i + 1, port));
  });
  const done = ports.map(async (port, i) => {
    try {
      const socket = await backend.processes.connect(pod, port, backend.limits.maxConnectionsPerPod);
      if (ws.readyState !== ws.OPEN) {
        socket.destroy();
        return;
      }
      const relay = relayPort(ws, i, port, socket, backend.limits, describe);
      relays[i] = relay;
      for (const chunk of early[i].splice(0)) relay.write(chunk);
      await relay.done;
    } catch (err) {
      const why = err instanceof ConnectRefused ? err.message : String(err);
      if (ws.readyState === ws.OPEN) ws.send(frame(2 * i + 1, `error forwarding port ${port} to ${describe}: ${why}`));
    }
  });
  await Promise.all(done);
  if (ws.readyState === ws.OPEN) ws.close(1000);
}
