/**
 * What the Reach routes send and accept (issue 20): "Try it" per endpoint (NDJSON lines) and local
 * port forwards. Shared by the route handlers (lib/server/reach) and the client hooks (lib/client/reach.ts).
 */

export const TRY_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type TryMethod = (typeof TRY_METHODS)[number];

/** The request a user asks Porthole to send to every endpoint of a Service. */
export interface TryRequest {
  /** The Service port (its number); the first TCP port when omitted. */
  port?: number;
  method: TryMethod;
  /** Starts with `/`. */
  path: string;
  headers: { name: string; value: string }[];
  /** A body for POST/PUT/PATCH (text). */
  body?: string;
  /** Also try not-ready and terminating endpoints. */
  includeNotReady?: boolean;
  /** Plain TCP connect instead of HTTP (non-HTTP ports). */
  tcp?: boolean;
}

/** One endpoint of the Service, as kubectl port-forward svc/NAME would reach it. */
export interface ReachEndpoint {
  pod?: string;
  address: string;
  ready: boolean;
  terminating: boolean;
  /** The pod's port the Service port maps to (targetPort resolved on this pod). */
  targetPort?: number;
  /** Why this endpoint cannot be reached (no pod behind it, the targetPort not resolvable on the pod). */
  problem?: string;
  /** Tried in this run (ready ones, and the others on request). */
  tried: boolean;
}

export interface TryResult {
  pod?: string;
  address: string;
  targetPort?: number;
  connected: boolean;
  /** Why the connection (or the request) failed. */
  error?: string;
  /** `HTTP/1.1 200 OK`. */
  statusLine?: string;
  status?: number;
  /** Milliseconds from sending the request to the first byte of the answer. */
  firstByteMs?: number;
  headers?: [string, string][];
  /** The first 4 KiB of the body, as text. */
  body?: string;
  truncated?: boolean;
}

/** The NDJSON lines of a Try-it answer, in order: `endpoints`, one `result` per tried endpoint, `done`. */
export type TryLine =
  | { type: 'endpoints'; service: string; namespace: string; port: number; targetPort: string | number; endpoints: ReachEndpoint[] }
  | { type: 'result'; result: TryResult }
  | { type: 'done'; hint?: string };

/** A local port forward Porthole holds open (`127.0.0.1:PORT` → a ready pod of the Service). */
export interface ForwardView {
  id: string;
  namespace: string;
  service: string;
  servicePort: number;
  localPort: number;
  url: string;
  /** The pod new connections go to. */
  pod?: string;
  targetPort?: number;
  bytesIn: number;
  bytesOut: number;
  connections: number;
  activeConnections: number;
  /** The last connection's failure, if any. */
  lastError?: string;
}

/** GET /api/forwards. */
export interface ForwardList {
  /** Does this Porthole offer forwards to localhost (loopback, or --allow-port-forward)? */
  allowed: boolean;
  reason?: string;
  items: ForwardView[];
}

export interface ForwardRequest {
  port?: number;
  /** A chosen local port; a free one when omitted. */
  localPort?: number;
}

/** Why forwards to localhost are not offered (Porthole serves beyond loopback without --allow-port-forward). */
export const FORWARD_NOT_ALLOWED_REASON = 'Forwards to localhost are off: Porthole serves on a non-loopback address. Start it with --allow-port-forward to allow them.';
