import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { upstreamBody } from './upstream-body';

/** An upstream body of `n` reads of 64 KiB, each filled with its index. */
function upstream(n: number): { body: Readable; bytes: Buffer } {
  const reads = Array.from({ length: n }, (_, i) => Buffer.alloc(64 * 1024, i % 256));
  return { body: Readable.from(reads, { objectMode: false }), bytes: Buffer.concat(reads) };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

// Outside a request Next handles (no Node response at hand): the ordinary Web stream.
describe('upstreamBody read as a Web stream', () => {
  it('passes every byte in order, in pieces of at most 1 MiB', async () => {
    const { body, bytes } = upstream(40); // 2.5 MiB
    const pieces = await readAll(upstreamBody(body, 200));
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    expect(pieces.length).toBe(3);
    expect(Math.max(...pieces.map((p) => p.byteLength))).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });

  it('unpacks a body the API server sent gzipped (a Web stream carries no Content-Encoding)', async () => {
    const { bytes } = upstream(40);
    const zipped = gzipSync(bytes, { level: 1 });
    const reads = Array.from({ length: Math.ceil(zipped.length / 16_384) }, (_, i) => zipped.subarray(i * 16_384, (i + 1) * 16_384));
    const pieces = await readAll(upstreamBody(Readable.from(reads, { objectMode: false }), 200, true));
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
  });

  it('reads nothing from the upstream until it is read', async () => {
    const { body } = upstream(4);
    const stream = upstreamBody(body, 200);
    await new Promise((r) => setTimeout(r, 20));
    expect(body.readableFlowing).not.toBe(true);
    expect(Buffer.concat(await readAll(stream)).length).toBe(4 * 64 * 1024);
  });

  it('a reader that cancels destroys the upstream body', async () => {
    const { body } = upstream(64);
    const reader = upstreamBody(body, 200).getReader();
    await reader.read();
    await reader.cancel();
    expect(body.destroyed).toBe(true);
  });

  it('an upstream that fails fails the stream (never a short body read as whole)', async () => {
    const body = new Readable({ read() {} });
    const reader = upstreamBody(body, 200).getReader();
    body.push(Buffer.alloc(1000, 1));
    body.destroy(new Error('connection reset'));
    await expect((async () => {
      for (;;) if ((await reader.read()).done) return 'done';
    })()).rejects.toThrow();
  });
});
