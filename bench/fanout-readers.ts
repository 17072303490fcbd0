/**
 * The fan-out bench's SSE clients, in a child process (`fork`) so that parsing 100 streams does not share
 * an event loop with the writer. Reads { url, clients, id, resyncs } from argv[2]; sends 'synced' once every client
 * has its lists, then, on 'report', the arrival time (performance.timeOrigin + now, ms) of each change
 * of watch `id` by its `bench-seq` label, and how many clients were dropped.
 */
import { openSse, type SseClient } from '../test/support/sse-client';

interface Input {
  url: string;
  clients: number;
  id: string;
  resyncs: number;
}
interface ChangeEvent {
  id: string;
  object: { metadata: { labels?: Record<string, string> } };
}

const input = JSON.parse(process.argv[2] ?? '{}') as Input;
const send = (msg: unknown) => process.send?.(msg);
const arrivals: [string, number][] = [];
const clients: SseClient[] = [];

async function main(): Promise<void> {
  for (let i = 0; i < input.clients; i++) {
    const c = await openSse(input.url);
    c.onEvent = (e) => {
      if (e.event !== 'change' || (e.data as ChangeEvent).id !== input.id) return;
      const seq = (e.data as ChangeEvent).object.metadata.labels?.['bench-seq'];
      if (seq !== undefined) arrivals.push([seq, performance.timeOrigin + e.at]);
    };
    clients.push(c);
  }
  await Promise.all(clients.map((c) => c.waitFor((ev) => ev.filter((e) => e.event === 'resync').length >= input.resyncs, 60_000)));
  send({ kind: 'synced' });
  process.on('message', (msg: { kind: string }) => {
    if (msg.kind !== 'report') return;
    const dropped = clients.filter((c) => c.ended).length;
    for (const c of clients) c.close();
    process.send?.({ kind: 'report', arrivals, dropped }, undefined, {}, () => process.exit(0));
  });
}

main().catch((err: unknown) => {
  send({ kind: 'error', message: String(err) });
});
