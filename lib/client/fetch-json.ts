/**
 * The browser's only HTTP helper for Porthole's own API. Non-2xx answers carry a Kubernetes Status,
 * thrown as `StatusError` so components can show `reason`, `message` and `details.causes` as they are.
 */
import { failure, readStatus } from '../k8s/status';
import type { Status } from '../k8s/types';
import { apiUrl } from './api-paths';
import { takePrefetched } from './prefetch';

export class StatusError extends Error {
  constructor(
    readonly status: Status,
    /** `Warning` headers of the response (e.g. unknown fields with fieldValidation=Warn). */
    readonly warnings: string[] = [],
  ) {
    super(status.message ?? `request failed with ${status.code}`);
    this.name = 'StatusError';
  }
  get code(): number {
    return this.status.code ?? 0;
  }
}

/** Fired on `window` when Porthole answers 401: in token mode the chrome then checks the session (SessionGuard). */
export const UNAUTHORIZED_EVENT = 'porthole:unauthorized';

export function announceUnauthorized(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}

export interface JsonResult<T> {
  data: T;
  warnings: string[];
}

function warningsOf(res: Response): string[] {
  const raw = res.headers.get('warning');
  if (!raw) return [];
  // "299 - \"text\"" entries, comma separated
  return [...raw.matchAll(/\d{3}\s+\S+\s+"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\"/g, '"'));
}

/** The response, or a StatusError when Porthole's server cannot be reached (an abort passes through). */
export async function reach(pending: Promise<Response>): Promise<Response> {
  try {
    return await pending;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new StatusError(failure(503, 'ServiceUnavailable', `Porthole's server cannot be reached: ${(err as Error).message}`));
  }
}

/** Throws the answer's Status as a StatusError unless it is a 2xx (and announces a 401). */
export async function checkOk(res: Response, warnings: string[] = []): Promise<void> {
  if (res.status === 401) announceUnauthorized();
  if (res.ok) return;
  const text = await res.text();
  throw new StatusError(readStatus(text) ?? failure(res.status, 'InternalError', text.slice(0, 300) || res.statusText), warnings);
}

export async function requestJson<T>(apiPath: string, init?: RequestInit & { contentType?: string }): Promise<JsonResult<T>> {
  const path = apiUrl(apiPath);
  const headers = new Headers(init?.headers);
  headers.set('Accept', 'application/json');
  if (init?.contentType) headers.set('Content-Type', init.contentType);
  const early = !init?.method || init.method === 'GET' ? takePrefetched(path) : undefined;
  const res = await reach(early ?? fetch(path, { ...init, headers, cache: 'no-store' }));
  const warnings = warningsOf(res);
  await checkOk(res, warnings);
  if (res.status === 204 || res.headers.get('content-length') === '0') return { data: undefined as T, warnings };
  // res.json() parses straight from the bytes: no intermediate 10 MB string for a large list.
  return { data: (await res.json()) as T, warnings };
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await requestJson<T>(path, { signal })).data;
}
