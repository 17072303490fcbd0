/**
 * The opaque `continue` token of paginated lists, in the real server's format: base64 of
 * {"v":"meta.k8s.io/v1","rv":<list RV>,"start":"<last key>\u0000"}.
 */
import { statusError } from '../../k8s/status';
import { ApiError } from './api-error';

export interface ContinueState {
  resourceVersion: number;
  /** The key (namespace + NUL + name) of the last item returned. */
  lastKey: string;
}

export function encodeContinue(state: ContinueState): string {
  const json = JSON.stringify({ v: 'meta.k8s.io/v1', rv: state.resourceVersion, start: `${state.lastKey}\u0000` });
  return Buffer.from(json).toString('base64url');
}

export function decodeContinue(token: string): ContinueState {
  const invalid = (): ApiError =>
    new ApiError(statusError.badRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid();
  const { v, rv, start } = parsed as { v?: unknown; rv?: unknown; start?: unknown };
  if (v !== 'meta.k8s.io/v1') throw new ApiError(statusError.badRequest('continue key is not valid: server does not recognize this encoded key'));
  if (typeof rv !== 'number' || !Number.isInteger(rv) || rv <= 0 || typeof start !== 'string' || !start.endsWith('\u0000')) throw invalid();
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
