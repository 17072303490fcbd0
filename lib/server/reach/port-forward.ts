import 'server-only';
import { Duplex, PassThrough, Writable } from 'node:stream';
import { PortForward, type KubeConfig } from '@kubernetes/client-node';

/** What PortForward.portForward resolves to without retries: the ws WebSocket. */
type Socket = Extract<Awaited<ReturnType<PortForward['portForward']>>, { readyState: number }>;

/**
 * One TCP connection to a pod's port through the API server's `pods/portforward` subresource, as the
 * identity `kc` carries (its token, client certificate or impersonation headers): client-node 1.4's
 * WebSocket protocol (v4.channel.k8s.io): channel 0 carries data, channel 1 the kubelet's error text,
 * and the first frame of each carries the port as 2 bytes little-endian. Resolves once the API server
 * accepted the upgrade; the duplex then ends when the pod's side closes, and fails with the error
 * channel's text (e.g. "connection refused").
 */
export async function openPortForward(kc: KubeConfig, namespace: string, pod: string, port: number, signal?: AbortSignal): Promise<Duplex> {
  let errorText = '';
  let ws: Socket | undefined;
  const input = new PassThrough();
  const duplex = new Duplex({
    read() {},
    write(chunk: Buffer, _enc, done) {
      if (!ws || ws.readyState !== ws.OPEN) return done(new Error('the port-forward connection is closed'));
      input.write(chunk, done);
    },
    final(done) {
      // v4 has no half-close: the pod's side closes when it has answered.
      done();
    },
    destroy(err, done) {
      ws?.close();
      done(err);
    },
  });
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (chunk.length) duplex.push(Buffer.from(chunk));
      done();
    },
  });
  const errors = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (errorText.length < 2000) errorText += chunk.toString('utf8');
      done();
    },
  });
  const abort = () => duplex.destroy(new Error('aborted'));
  signal?.addEventListener('abort', abort, { once: true });
  try {
    ws = (await new PortForward(kc, true).portForward(namespace, pod, [port], output, errors, input)) as Socket;
  } catch (err) {
    signal?.removeEventListener('abort', abort);
    throw new Error(handshakeError(err));
  }
  ws.on('close', () => {
    signal?.removeEventListener('abort', abort);
    if (errorText) duplex.destroy(new Error(errorText.trim().slice(0, 500)));
    else duplex.push(null);
  });
  ws.on('error', (err: Error) => duplex.destroy(err));
  if (signal?.aborted) abort();
  return duplex;
}

/** `Unexpected server response: 403` and friends, said plainly. */
function handshakeError(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === 'object' && err && 'message' in err ? String((err as { message: unknown }).message) : String(err);
  const code = /Unexpected server response: (\d+)/.exec(message)?.[1];
  if (code === '403') return 'the API server refused the port-forward (403 Forbidden): the identity may not create pods/portforward';
  if (code === '404') return 'the API server has no such pod, or does not serve pods/portforward (404)';
  if (code) return `the API server refused the port-forward (HTTP ${code})`;
  return `the port-forward could not be opened: ${message}`;
}
