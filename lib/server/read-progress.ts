/**
 * Whether a stream's reader still makes progress: fed with the bytes written so far and the bytes
 * still unread, it says when unread bytes have waited longer than `stallMs` with nothing read
 * meanwhile — a client that never reads, or a server that never reads the body it returned (a HEAD
 * answered by a GET handler). A reader that is merely slow reads something within every period.
 */
export interface ReadProgress {
  /** `written`: bytes queued since the start; `unread`: of those, not read yet. True when stalled. */
  stalled(written: number, unread: number, now: number): boolean;
}

export function readProgress(stallMs: number, start: number): ReadProgress {
  let read = 0;
  let progressAt = start;
  return {
    stalled(written, unread, now) {
      const readNow = written - unread;
      if (unread <= 0 || readNow > read) progressAt = now;
      read = Math.max(read, readNow);
      return now - progressAt > stallMs;
    },
  };
}
