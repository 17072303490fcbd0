/**
 * A server-sent-event client for tests and benchmarks that reads its stream in the background,
 * keeping every event with the time it arrived, so many clients can be open at once.
 */

/**
 * Takes the complete server-sent events (blocks ending in a blank line) from the front of `buffer`:
 * their `event:` name (default "message") and JSON `data:`; `rest` is the incomplete tail.
 */
export function takeSseEvents(buffer: string): { events: { event: string; data: unknown }[]; rest: string } {
  const events: { event: string; data: unknown }[] = [];
  let rest = buffer;
  let sep: number;
  while ((sep = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, sep);
    rest = rest.slice(sep + 2);
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) as unknown });
  }
  return { events, rest };
}

export interface ReceivedEvent {
  event: string;
  data: unknown;
  /** performance.now() when the event's last byte was read. */
  at: number;
}

export interface SseClient {
  status: number;
  events: ReceivedEvent[];
  /** Set when the stream ended (by the server, or an error). */
  ended: boolean;
  /** Resolves when `done(events)` holds; rejects after `timeoutMs`. */
  waitFor(done: (events: ReceivedEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
  /** Called for each event as it arrives (benchmarks). */
  onEvent?: (e: ReceivedEvent) => void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers, signal: ctrl.signal });
  const client: SseClient = {
    status: res.status,
    events: [],
    ended: false,
    async waitFor(done, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(client.events)) {
        if (Date.now() > deadline) throw new Error(`timed out; events so far: ${JSON.stringify(client.events.map((e) => e.event))}${client.ended ? ' (stream ended)' : ''}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => ctrl.abort(),
  };
  if (!res.body) {
    client.ended = true;
    return client;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        const at = performance.now();
        const parsed = takeSseEvents(buffer);
        buffer = parsed.rest;
        for (const e of parsed.events) {
          const received: ReceivedEvent = { ...e, at };
          client.events.push(received);
          client.onEvent?.(received);
        }
      }
    } catch {
      // aborted or reset
    } finally {
      client.ended = true;
    }
  })();
  return client;
}

/** kube-apiserver metrics from the embedded cluster's /metrics: one figure summed over matching series. */
export async function clusterMetric(clusterUrl: string, token: string, name: string, match: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${clusterUrl}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /metrics: ${res.status}`);
  let sum = 0;
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labels = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(match).every(([k, v]) => labels.includes(`${k}="${v}"`))) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}
