import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundedWriter } from './watch-queue';

/** A destination that takes nothing until `release` (a client that does not read), then everything. */
function stalledSink(highWaterMark = 1024): { sink: Writable; release: () => void; stall: () => void } {
  const held: (() => void)[] = [];
  let flowing = false;
  const sink = new Writable({
    highWaterMark,
    decodeStrings: false,
    write(_chunk, _enc, done) {
      if (flowing) done();
      else held.push(done);
    },
  });
  const release = (): void => {
    flowing = true;
    held.splice(0).forEach((done) => done());
  };
  return { sink, release, stall: () => (flowing = false) };
}

describe('boundedWriter', () => {
  it('ends a watcher whose unread bytes pass the limit, once', () => {
    const { sink } = stalledSink();
    let overflows = 0;
    const writer = boundedWriter(sink, { maxBytes: 10_000, maxEvents: 1000 }, () => overflows++);
    writer.startCounting();
    for (let i = 0; i < 9; i++) writer.write('x'.repeat(1000));
    expect(overflows).toBe(0);
    for (let i = 0; i < 5; i++) writer.write('x'.repeat(1000));
    expect(overflows).toBe(1);
    const length = sink.writableLength;
    writer.write('more');
    expect(sink.writableLength).toBe(length);
  });

  it('ends a watcher with too many unread events, however small', () => {
    const { sink } = stalledSink(1);
    let overflows = 0;
    const writer = boundedWriter(sink, { maxBytes: 1 << 20, maxEvents: 50 }, () => overflows++);
    writer.startCounting();
    for (let i = 0; i < 50; i++) writer.write('{"e":1}\n');
    expect(overflows).toBe(0);
    writer.write('{"e":1}\n');
    expect(overflows).toBe(1);
  });

  it('does not count the initial events, and starts over when the socket drains', async () => {
    const { sink, release, stall } = stalledSink(100);
    let overflows = 0;
    const writer = boundedWriter(sink, { maxBytes: 5000, maxEvents: 10 }, () => overflows++);
    for (let i = 0; i < 100; i++) writer.write('x'.repeat(100)); // the initial list: 10 KB, 100 events
    writer.startCounting();
    for (let i = 0; i < 10; i++) writer.write('y');
    expect(overflows).toBe(0);
    release();
    await new Promise((r) => setImmediate(r));
    expect(sink.writableLength).toBe(0);
    stall();
    for (let i = 0; i < 10; i++) writer.write('z'.repeat(400));
    expect(overflows).toBe(0);
    writer.write('z');
    expect(overflows).toBe(1);
  });
});
