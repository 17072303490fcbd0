/**
 * The fan-out bench's SSE clients, in a child process (`fork`) so that parsing 100 streams does not
 * share an event loop with the writer. Reads { url, clients, id, resyncs, direct } from argv[2];
 * sends 'synced' once every client has its lists; on 'direct' opens the reference watch straight to
 * the API server; on 'report' sends the arrival times (performance.timeOrigin + now, ms) of each
 * change of watch `id` by its `bench-seq` label, the reference watch's, and how many clients were dropped.
 */
import { openSse, type SseClient } from '../test/support/sse-client';

interface Input {
  url: string;
  /** The API server and a token: one direct watch of Services, as the reference for Porthole's overhead. */
  direct: { url: string; token: string };
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
const directArrivals: [string, number][] = [];
const directAbort = new AbortController();

/** A watch straight to the API server (newline-delimited JSON events). */
async function watchDirect(): Promise<void> {
  const res = await fetch(`${input.direct.url}/api/v1/services?watch=1`, { headers: { Authorization: `Bearer ${input.direct.token}` }, signal: directAbort.signal });
  send({ kind: 'direct' });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return;
    buffer += decoder.decode(chunk.value, { stream: true });
    const at = performance.timeOrigin + performance.now();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const seq = (JSON.parse(line) as { object: ChangeEvent['object'] }).object.metadata.labels?.['bench-seq'];
      if (seq !== undefined) directArrivals.push([seq, at]);
    }
  }
}
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
    if (msg.kind === 'direct') watchDirect().catch((err: unknown) => send({ kind: 'error', message: String(err) }));
    if (msg.kind !== 'report') return;
    const dropped = clients.filter((c) => c.ended).length;
    for (const c of clients) c.close();
    directAbort.abort();
    process.send?.({ kind: 'report', arrivals, directArrivals, dropped }, undefined, {}, () => process.exit(0));
  });
}

main().catch((err: unknown) => {
  send({ kind: 'error', message: String(err) });
});
