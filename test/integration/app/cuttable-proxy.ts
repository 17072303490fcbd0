/**
 * A TCP relay between Porthole and the embedded cluster that a test can cut: `cut()` resets every
 * connection through it and refuses new ones (a network partition: the watch drops mid-stream),
 * `stall()` resets every connection and then accepts new ones but never answers (an API server that
 * stopped answering), `slow(ms)` holds back the answer on each new connection for `ms` (an API server
 * slower than Porthole's upstream timeout), `freeze()` is `stall()` without the resets: open connections
 * stay open and go silent (an API server that hangs, as under SIGSTOP), `restore()` lets connections
 * through again (frozen ones go on with what they held back, as after SIGCONT). Nothing is parsed or changed on the way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';

export interface CuttableProxy {
  port: number;
  cut(): void;
  stall(): void;
  freeze(): void;
  slow(delayMs: number): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  /** The server side of each relayed connection, to silence it (freeze). */
  const answers = new Map<net.Socket, net.Socket>();
  const frozen = new Set<net.Socket>();
  let mode: 'open' | 'cut' | 'stall' | 'slow' = 'open';
  let delayMs = 0;
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'stall') {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => client.destroy());
      client.resume(); // read and drop: no byte ever comes back
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    answers.set(upstream, client);
    upstream.on('close', () => answers.delete(upstream));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    if (mode === 'slow') {
      upstream.pause();
      setTimeout(() => upstream.pipe(client), delayMs);
    } else upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    cut() {
      mode = 'cut';
      for (const s of sockets) s.resetAndDestroy();
    },
    stall() {
      mode = 'stall';
      for (const s of sockets) s.resetAndDestroy();
    },
    freeze() {
      mode = 'stall';
      for (const [upstream, client] of answers) {
        upstream.unpipe(client);
        upstream.pause();
        frozen.add(upstream);
      }
    },
    slow(ms: number) {
      mode = 'slow';
      delayMs = ms;
      for (const s of sockets) s.resetAndDestroy();
    },
    restore() {
      mode = 'open';
      for (const upstream of frozen) {
        const client = answers.get(upstream);
        if (client) upstream.pipe(client);
      }
      frozen.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes to `to` the cluster's kubeconfig (`from`) pointed at a relay on `relayPort` instead of the
 * cluster's own port. `plainHttp`: the relay speaks HTTP (it reads the requests), not TLS passed through.
 */
export function writeRelayedKubeconfig(from: string, to: string, clusterPort: number, relayPort: number, plainHttp = false): void {
  const [scheme, relayScheme] = plainHttp ? ['https://', 'http://'] : ['', ''];
  writeFileSync(to, readFileSync(from, 'utf8').replaceAll(`${scheme}127.0.0.1:${clusterPort}`, `${relayScheme}127.0.0.1:${relayPort}`));
}
