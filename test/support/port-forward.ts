/**
 * Port-forward from a test: @kubernetes/client-node's PortForward with collected output and error
 * channels, and a hand-made WebSocket upgrade request for the Status of a refusal.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PassThrough } from 'node:stream';
import { PortForward, type KubeConfig } from '@kubernetes/client-node';
import type { WebSocket } from 'ws';

/** Everything written to a stream, and a way to wait for some of it. */
export class Collector extends PassThrough {
  text = '';
  constructor() {
    super();
    this.on('data', (chunk: Buffer) => {
      this.text += chunk.toString('utf8');
    });
  }
  async until(pred: (text: string) => boolean): Promise<string> {
    while (!pred(this.text)) await new Promise((r) => setTimeout(r, 20));
    return this.text;
  }
}

export interface Forward {
  ws: WebSocket;
  input: PassThrough;
  out: Collector;
  err: Collector;
  closed: Promise<void>;
}

/** Opens a port-forward to `namespace/pod` `port` (one TCP connection, as client-node opens it). */
export async function forward(config: KubeConfig, namespace: string, pod: string, port: number): Promise<Forward> {
  const out = new Collector();
  const err = new Collector();
  const input = new PassThrough();
  const ws = (await new PortForward(config, true).portForward(namespace, pod, [port], out, err, input)) as unknown as WebSocket;
  const closed = new Promise<void>((resolve) => {
    if (ws.readyState === ws.CLOSED) resolve();
    else ws.once('close', () => resolve());
  });
  return { ws, input, out, err, closed };
}

/** The status code and body of a port-forward upgrade request sent by hand (the Status of a refusal). */
export function upgrade(server: string, path: string, token: string, headers: Record<string, string> = {}): Promise<{ code: number; body: string }> {
  const url = new URL(path, server);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      rejectUnauthorized: false,
      headers: {
        Authorization: `Bearer ${token}`,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Protocol': 'v4.channel.k8s.io',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ code: res.statusCode ?? 0, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
