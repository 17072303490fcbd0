/**
 * The Status errors the real API server's patch handler answers with
 * (`staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go`).
 */
import { ApiError } from '../errors/api-error';
import { failure, statusError } from '../../k8s/status';

/** 400 BadRequest with the decoder's / patcher's own message. */
export function patchBadRequest(message: string): ApiError {
  return new ApiError(statusError.badRequest(message));
}

/**
 * errors.NewGenericServerResponse(422, "", GroupResource{}, "", msg, 0, false): the JSON patch
 * library's message is NOT in the body (isUnexpectedResponse is false, so there are no causes);
 * clients see `the server rejected our request due to an error in our request`. The library's
 * message is kept as the error's `cause` for logs and tests.
 */
export function patchUnprocessable(detail: string): ApiError {
  const err = new ApiError(failure(422, 'Invalid', 'the server rejected our request due to an error in our request', {}));
  err.cause = new Error(detail);
  return err;
}

/** A plain Go error surfacing from the patch code: ErrorToAPIStatus makes it a 500 with an empty reason. */
export function patchInternal(message: string): ApiError {
  return new ApiError(failure(500, '', message));
}

/** errors.NewRequestEntityTooLargeError. */
export function patchTooLarge(message: string): ApiError {
  return new ApiError(failure(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`));
}

/** An error inside the patch algorithms, carrying the Go error text; mapped to a Status at the entry points. */
export class PatchFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchFailure';
  }
}
