import { describe, expect, it } from 'vitest';
import { LineSplitter, streamLines } from './lines';

/** A byte stream of `bytes` cut into pieces of `size` bytes (a multi-byte character may be cut). */
function stream(bytes: Uint8Array, size: number, onCancel?: () => void): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
    cancel: onCancel,
  });
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('LineSplitter', () => {
  it('gives complete lines only, skipping empty ones, and keeps the rest pending', () => {
    const s = new LineSplitter();
    expect(s.push('a\nb')).toEqual(['a']);
    expect(s.push('c\n\n')).toEqual(['bc']);
    expect(s.push('d')).toEqual([]);
    expect(s.pending).toBe('d');
  });
});

describe('streamLines', () => {
  it('reads lines cut anywhere, UTF-8 characters included; a cut-off last line is not given', async () => {
    const text = '{"name":"café-ü"}\n{"name":"日本"}\n\n{"n":1}\ncut-off';
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 3, 5, bytes.length]) {
      expect(await collect(streamLines(stream(bytes, size))), `pieces of ${size}`).toEqual(['{"name":"café-ü"}', '{"name":"日本"}', '{"n":1}']);
    }
  });

  it('cancels the stream when the reader leaves early', async () => {
    let cancelled = false;
    const bytes = new TextEncoder().encode('one\ntwo\nthree\n');
    for await (const line of streamLines(stream(bytes, 4, () => (cancelled = true)))) {
      expect(line).toBe('one');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
