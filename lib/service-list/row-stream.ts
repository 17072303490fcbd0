/**
 * The streamed form of the Service list (`/api/service-rows` with `Accept: text/x-ndjson`):
 * newline-delimited JSON, so the browser paints the first rows from the first lines while the rest
 * arrives. (A text/ type rather than application/x-ndjson: Next's compression only gzips types it
 * knows as compressible, and the stream gzips to an eighth, which counts on a slow link.)
 *
 *   {"kind":"ServiceRowList", ...}   a chunk of rows in the compact wire form (row-wire.ts), with its
 *                                    own namespace table; `remaining`: rows still to come when known
 *   {"kind":"ServiceRowReset"}       drop every row received so far (the server's list started over)
 *   {"kind":"ServiceRowEnd","resourceVersion":"123","count":50000}
 *                                    the list is complete: watch from this resourceVersion
 *
 * A body that ends without `ServiceRowEnd` was cut off and is an error. Pure.
 */
import type { ListSnapshot } from '../live/protocol';
import type { ListedService } from './projection';
import { decodeServiceRows, encodeServiceRows, type ServiceRowList } from './row-wire';

export const ROW_STREAM_CONTENT_TYPE = 'text/x-ndjson';

export interface RowChunk extends ServiceRowList {
  remaining?: number;
}
export interface RowStreamEnd {
  kind: 'ServiceRowEnd';
  resourceVersion: string;
  count: number;
}
export interface RowStreamReset {
  kind: 'ServiceRowReset';
}
export type RowStreamLine = RowChunk | RowStreamEnd | RowStreamReset;

export function rowChunkLine(resourceVersion: string, items: readonly ListedService[], remaining?: number): string {
  const chunk: RowChunk = encodeServiceRows({ resourceVersion, items: items as ListedService[] });
  if (remaining !== undefined) chunk.remaining = remaining;
  return `${JSON.stringify(chunk)}\n`;
}

export function rowEndLine(resourceVersion: string, count: number): string {
  return `${JSON.stringify({ kind: 'ServiceRowEnd', resourceVersion, count } satisfies RowStreamEnd)}\n`;
}

export const ROW_RESET_LINE = `${JSON.stringify({ kind: 'ServiceRowReset' } satisfies RowStreamReset)}\n`;

/** The first chunk is small (the first screen paints from it); later ones larger (fewer lines to parse). */
export const FIRST_CHUNK_ROWS = 300;
export const CHUNK_ROWS = 500;

/** Chunk boundaries for streaming `count` rows already in hand: [start, end) pairs. */
export function chunkBounds(count: number): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  while (start < count) {
    const end = Math.min(count, start + (start === 0 ? FIRST_CHUNK_ROWS : CHUNK_ROWS));
    out.push([start, end]);
    start = end;
  }
  return out;
}

/** Folds stream lines into a list: `accept` each line; `result()` once the end line came. */
export class RowStreamAssembler {
  items: ListedService[] = [];
  end: RowStreamEnd | undefined;
  /** Rows still to come, per the last chunk that said. */
  remaining: number | undefined;

  /** Applies one line; returns the rows it added (none for the end line; `reset` after a reset). */
  accept(line: RowStreamLine): { added: ListedService[]; reset: boolean } {
    switch (line.kind) {
      case 'ServiceRowList': {
        const added = decodeServiceRows(line).items;
        for (const s of added) this.items.push(s);
        this.remaining = line.remaining;
        return { added, reset: false };
      }
      case 'ServiceRowReset':
        this.items = [];
        this.remaining = undefined;
        return { added: [], reset: true };
      case 'ServiceRowEnd':
        this.end = line;
        return { added: [], reset: false };
    }
  }

  result(): ListSnapshot<ListedService> {
    if (!this.end) throw new Error('the Service list was cut off before its end');
    if (this.end.count !== this.items.length) throw new Error(`the Service list announced ${this.end.count} Services but carried ${this.items.length}`);
    return { resourceVersion: this.end.resourceVersion, items: this.items };
  }
}
