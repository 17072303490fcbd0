/**
 * The error the embedded cluster's layers throw (allocators, patch, selectors, apply, registry, rest): a
 * Kubernetes Status. At the bottom of the layers, so that every arrow to it points down.
 */
import type { Status } from '../../k8s/types/meta';
import { statusError } from '../../k8s/status';
import type { FieldError } from '../../k8s/field-errors';

export class ApiError extends Error {
  constructor(readonly status: Status) {
    super(status.message ?? 'API error');
    this.name = 'ApiError';
  }

  get code(): number {
    return this.status.code ?? 500;
  }

  /** A 422 for `kind` (e.g. `Service`) with the given field errors. */
  static invalid(kind: string, group: string, name: string, errors: readonly FieldError[]): ApiError {
    return new ApiError(statusError.invalid(kind, group, name, errors));
  }

  /**
   * What ErrorToAPIStatus makes of an error that is not a Status (a decoder or storage error passed
   * through unchanged): code 500, no reason, the error's text as the message.
   */
  static plain(message: string): ApiError {
    return new ApiError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 });
  }
}
