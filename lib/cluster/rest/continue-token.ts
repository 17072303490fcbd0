/**
 * The opaque `continue` token of paginated lists, in the real server's format: base64 of
 * {"v":"meta.k8s.io/v1","rv":<list RV>,"start":"<last key>\u0000"}.
 */
import { statusError } from '../../k8s/status';
import { ApiError } from '../errors/api-error';
import { goJsonSyntaxError } from './go-json-error';

export interface ContinueState {
  resourceVersion: number;
  /** The key (namespace + NUL + name) of the last item returned. */
  lastKey: string;
}

export function encodeContinue(state: ContinueState): string {
  const json = JSON.stringify({ v: 'meta.k8s.io/v1', rv: state.resourceVersion, start: `${state.lastKey}\u0000` });
  return Buffer.from(json).toString('base64url');
}

const GENERIC_INVALID = 'continue key is not valid';

/** storage.DecodeContinue, its error wrapped as ValidateListOptions does (`invalid continue token: ...`). */
export function decodeContinue(token: string): ContinueState {
  const invalid = (reason: string): ApiError => new ApiError(statusError.badRequest(`invalid continue token: ${reason}`));
  // base64.RawURLEncoding: URL alphabet, no padding.
  const bad = /[^A-Za-z0-9_-]/.exec(token);
  if (bad) throw invalid(`${GENERIC_INVALID}: illegal base64 data at input byte ${bad.index}`);
  if (token.length % 4 === 1) throw invalid(`${GENERIC_INVALID}: illegal base64 data at input byte ${token.length - 1}`);
  const text = Buffer.from(token, 'base64url').toString('latin1');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw invalid(`${GENERIC_INVALID}: ${goJsonSyntaxError(text) ?? (err instanceof Error ? err.message : String(err))}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(`${GENERIC_INVALID}: json: cannot unmarshal ${Array.isArray(parsed) ? 'array' : typeof parsed} into Go value of type storage.continueToken`);
  }
  const { v, rv, start } = parsed as { v?: unknown; rv?: unknown; start?: unknown };
  if (v !== 'meta.k8s.io/v1') throw invalid(`${GENERIC_INVALID}: server does not recognize this encoded key`);
  if (typeof rv !== 'number' || !Number.isInteger(rv) || rv <= 0) {
    throw invalid(`${GENERIC_INVALID}: incorrect encoded start resourceVersion (version meta.k8s.io/v1)`);
  }
  if (typeof start !== 'string' || start.length === 0) throw invalid(`${GENERIC_INVALID}: encoded start key empty (version meta.k8s.io/v1)`);
  if (!start.endsWith('\u0000')) throw invalid(`${GENERIC_INVALID}: ${start}`);
  return { resourceVersion: rv, lastKey: start.slice(0, -1) };
}

/** 410 for a continue token whose resourceVersion left the history. */
export function expiredContinue(): ApiError {
  return new ApiError(
    statusError.gone(
      'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
    ),
  );
}
