/** Reading the Service history through Porthole's API in the history tests, and waiting for it. */
import type { DeletedService, HistoryEntry, HistoryVersion, ServiceHistory } from '../../../lib/service-history/history-types';

export interface HistoryReader {
  history(ns: string, name: string, opts?: { cookie?: string; query?: string }): Promise<{ status: number; body: ServiceHistory }>;
  version(ns: string, name: string, id: string): Promise<HistoryVersion>;
  deleted(ns: string): Promise<{ recordedSince: string; items: DeletedService[] }>;
  /** Waits (generously: the machine is busy) until the Service's entries pass `done`; returns them newest first. */
  entriesUntil(ns: string, name: string, done: (entries: HistoryEntry[]) => boolean, timeoutMs?: number): Promise<HistoryEntry[]>;
}

export function historyReader(baseUrl: () => string): HistoryReader {
  const get = async (path: string, cookie?: string) => {
    const res = await fetch(baseUrl() + path, { headers: cookie ? { cookie } : {} });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const reader: HistoryReader = {
    async history(ns, name, opts = {}) {
      const r = await get(`/api/history/namespaces/${ns}/services/${name}${opts.query ? `?${opts.query}` : ''}`, opts.cookie);
      return { status: r.status, body: r.body as ServiceHistory };
    },
    async version(ns, name, id) {
      const r = await get(`/api/history/namespaces/${ns}/services/${name}/versions/${id}`);
      if (r.status !== 200) throw new Error(`version ${id}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as HistoryVersion;
    },
    async deleted(ns) {
      const r = await get(`/api/history/namespaces/${ns}/deleted`);
      if (r.status !== 200) throw new Error(`deleted: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { recordedSince: string; items: DeletedService[] };
    },
    async entriesUntil(ns, name, done, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let last: unknown;
      for (;;) {
        const r = await reader.history(ns, name).catch((err: unknown) => ({ status: 0, body: String(err) }) as const);
        last = r.body;
        if (r.status === 200 && done((r.body as ServiceHistory).entries)) return (r.body as ServiceHistory).entries;
        if (Date.now() > deadline) throw new Error(`history of ${ns}/${name} never got there; last answer: ${JSON.stringify(last)}`);
        await new Promise((res) => setTimeout(res, 300));
      }
    },
  };
  return reader;
}

/** kinds, oldest first: what a test compares. */
export const kindsOf = (entries: HistoryEntry[]): string[] => entries.map((e) => e.kind).reverse();
