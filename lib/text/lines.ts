/**
 * Lines of text that arrives in pieces: NDJSON answers (the Service rows, Try it), the API server's
 * watch streams. A line is given without its newline, once it is complete; empty lines are skipped.
 */

/** Splits text arriving in arbitrary pieces into complete lines (without their newline). */
export class LineSplitter {
  private rest = '';

  push(text: string): string[] {
    const parts = (this.rest + text).split('\n');
    this.rest = parts.pop() ?? '';
    return parts.filter((l) => l.length > 0);
  }

  /** What is left after the last newline (non-empty = a cut-off line). */
  get pending(): string {
    return this.rest;
  }
}

/**
 * The complete lines of a UTF-8 byte stream, as they arrive. Leaving the loop early cancels the
 * stream; a cut-off last line is not given.
 */
export async function* streamLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield* lines.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
