/**
 * Reads the streamed Service list (lib/service-list/row-stream.ts) progressively: each line is parsed
 * and decoded as it arrives, the rows so far are reported (`onProgress`: at once for the first rows,
 * then at most every PROGRESS_MS), and the reader gives the main thread back between lines whenever
 * it has worked for SLICE_MS — so 50,000 rows arrive without one long task. Resolves with the whole
 * list (and its resourceVersion, where the watch starts) once the end line came.
 */
import type { ListSnapshot } from '../live/protocol';
import type { ListedService } from '../service-list/projection';
import { decodeServiceRows, type ServiceRowList } from '../service-list/row-wire';
import { ROW_STREAM_CONTENT_TYPE, RowStreamAssembler, type RowStreamLine } from '../service-list/row-stream';
import { LineSplitter } from '../text/lines';
import { apiUrl } from './api-paths';
import { checkOk, reach } from './fetch-json';
import { takePrefetched } from './prefetch';
import { SLICE_MS, yieldToBrowser } from './warm-rows';

export interface RowsProgress {
  /** Every row received so far (a new array per report). */
  items: ListedService[];
  /** Rows still to come, when the server knows. */
  remaining?: number;
}

const PROGRESS_MS = 150;

export async function fetchServiceRowStream(apiPath: string, signal: AbortSignal, onProgress: (p: RowsProgress) => void): Promise<ListSnapshot<ListedService>> {
  const path = apiUrl(apiPath);
  const res = await reach(takePrefetched(path) ?? fetch(path, { headers: { Accept: ROW_STREAM_CONTENT_TYPE }, cache: 'no-store', signal }));
  await checkOk(res);
  if (!(res.headers.get('content-type') ?? '').includes(ROW_STREAM_CONTENT_TYPE) || !res.body) {
    return decodeServiceRows((await res.json()) as ServiceRowList);
  }
  const reader = res.body.getReader();
  const abort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', abort, { once: true });
  try {
    const decoder = new TextDecoder();
    const lines = new LineSplitter();
    const list = new RowStreamAssembler();
    let sliceStart = performance.now();
    let reported = -Infinity;
    let unreported = false;
    const report = (force: boolean) => {
      if (!unreported || (!force && performance.now() - reported < PROGRESS_MS)) return;
      onProgress({ items: list.items.slice(), remaining: list.remaining });
      reported = performance.now();
      unreported = false;
    };
    for (;;) {
      const { value, done } = await reader.read();
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      if (done) break;
      for (const line of lines.push(decoder.decode(value, { stream: true }))) {
        const { added, reset } = list.accept(JSON.parse(line) as RowStreamLine);
        if (added.length || reset) unreported = true;
        // The first rows go out at once: they are the first screen.
        report(reported === -Infinity);
        if (performance.now() - sliceStart > SLICE_MS) {
          await yieldToBrowser();
          sliceStart = performance.now();
        }
      }
    }
    if (lines.pending) throw new Error('the Service list was cut off in the middle of a line');
    return list.result();
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
