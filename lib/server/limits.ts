/** Limits shared by the API pipeline (lib/server/route.ts) and next.config.ts. */

/** The largest request body an API route reads (the API server's own limit is 3 MiB). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * How much of a body Next buffers for proxy.ts (it clones bodies for the proxy; beyond this it keeps
 * only a prefix and discards the rest). One MiB above MAX_BODY_BYTES: a body cut at this size still
 * exceeds the API limit by more than any socket chunk, so it is refused with 413, never truncated.
 */
export const PROXY_BODY_BUFFER_BYTES = MAX_BODY_BYTES + 1024 * 1024;
