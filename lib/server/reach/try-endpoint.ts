import 'server-only';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ReachEndpoint, TryRequest, TryResult } from '../../reach/wire';
import { openPortForward } from './port-forward';

/** The body kept per endpoint. */
export const BODY_PREVIEW_BYTES = 4096;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Sends the user's request to one endpoint through a port-forward to its pod (or only connects, for
 * a non-HTTP port) and says what came back. Never throws; gives up after `timeoutMs`.
 */
export async function tryEndpoint(kc: KubeConfig, namespace: string, ep: ReachEndpoint, req: TryRequest, timeoutMs: number, signal: AbortSignal): Promise<TryResult> {
  const base: TryResult = { pod: ep.pod, address: ep.address, targetPort: ep.targetPort, connected: false };
  if (ep.problem || !ep.pod || ep.targetPort === undefined) return { ...base, error: ep.problem ?? 'no pod behind this endpoint' };
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
  let tunnel: Duplex;
  try {
    tunnel = await openPortForward(kc, namespace, ep.pod, ep.targetPort, deadline);
  } catch (err) {
    return { ...base, error: deadline.aborted && !signal.aborted ? `no answer within ${timeoutMs / 1000} s` : errorText(err) };
  }
  try {
    return req.tcp ? await tcpCheck(tunnel, base, deadline, timeoutMs) : await httpRequest(tunnel, base, req, deadline, timeoutMs);
  } finally {
    tunnel.destroy();
  }
}

/** A non-HTTP port: connected once the tunnel is open and the pod's side did not refuse at once. */
async function tcpCheck(tunnel: Duplex, base: TryResult, deadline: AbortSignal, timeoutMs: number): Promise<TryResult> {
  const started = performance.now();
  return new Promise<TryResult>((resolve) => {
    let firstByteMs: number | undefined;
    let text = '';
    const finish = (r: TryResult) => {
      clearTimeout(settle);
      resolve(r);
    };
    // The kubelet reports a refused connection on the error channel right away; silence means the pod accepted.
    const settle = setTimeout(() => finish({ ...base, connected: true, firstByteMs, body: text || undefined }), Math.min(1000, timeoutMs));
    tunnel.on('data', (chunk: Buffer) => {
      firstByteMs ??= Math.round(performance.now() - started);
      if (text.length < BODY_PREVIEW_BYTES) text += chunk.toString('utf8').slice(0, BODY_PREVIEW_BYTES - text.length);
    });
    tunnel.on('error', (err) => finish({ ...base, error: errorText(err) }));
    deadline.addEventListener('abort', () => finish({ ...base, connected: true, firstByteMs, body: text || undefined }), { once: true });
  });
}

function httpRequest(tunnel: Duplex, base: TryResult, req: TryRequest, deadline: AbortSignal, timeoutMs: number): Promise<TryResult> {
  return new Promise<TryResult>((resolve) => {
    let done = false;
    const finish = (r: TryResult) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    const headers: Record<string, string> = { Host: 'localhost', 'User-Agent': 'porthole-try-it', Connection: 'close' };
    for (const h of req.headers) headers[h.name] = h.value;
    let started = 0;
    let firstByteMs: number | undefined;
    tunnel.once('data', () => (firstByteMs = Math.round(performance.now() - started)));
    const request = http.request({ method: req.method, path: req.path, headers, createConnection: () => tunnel });
    request.on('error', (err) => finish({ ...base, connected: false, error: deadline.aborted ? `no answer within ${timeoutMs / 1000} s` : errorText(err) }));
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const result = (): TryResult => ({
        ...base,
        connected: true,
        statusLine: `HTTP/${res.httpVersion} ${res.statusCode ?? ''} ${res.statusMessage ?? ''}`.trim(),
        status: res.statusCode,
        firstByteMs,
        headers: pairs(res.rawHeaders),
        body: Buffer.concat(chunks, size).toString('utf8'),
        truncated,
      });
      res.on('data', (chunk: Buffer) => {
        if (size >= BODY_PREVIEW_BYTES) {
          truncated = true;
          return finish(result());
        }
        const part = chunk.subarray(0, BODY_PREVIEW_BYTES - size);
        chunks.push(part);
        size += part.length;
        if (part.length < chunk.length) truncated = true;
      });
      res.on('end', () => finish(result()));
      res.on('error', () => finish(result()));
      deadline.addEventListener('abort', () => finish({ ...result(), truncated: true }), { once: true });
    });
    deadline.addEventListener('abort', () => request.destroy(new Error('aborted')), { once: true });
    started = performance.now();
    request.end(req.body && req.method !== 'GET' && req.method !== 'HEAD' ? req.body : undefined);
  });
}

/** rawHeaders as name/value pairs, at most 100. */
function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length && out.length < 100; i += 2) out.push([raw[i], raw[i + 1].slice(0, 1000)]);
  return out;
}
