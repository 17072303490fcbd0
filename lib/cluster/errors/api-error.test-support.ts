/** Tests: the ApiError a call throws (fails the test when it returns or throws something else). */
import { ApiError } from './api-error';

export function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

/** `<code> <message>` of the ApiError `fn` throws. */
export function failureOf(fn: () => unknown): string {
  const err = apiErrorOf(fn);
  return `${err.code} ${err.status.message}`;
}
