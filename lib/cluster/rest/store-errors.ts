/** Turns the store's errors into the Status the real API server answers with. */
import { statusError, type GroupResource } from '../../k8s/status';
import { StoreError } from '../storage/types';
import { ApiError } from '../errors/api-error';

export const MODIFIED_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

export function translateStoreError(err: unknown, gr: GroupResource, name: string): unknown {
  if (!(err instanceof StoreError)) return err;
  switch (err.code) {
    case 'NotFound':
      return new ApiError(statusError.notFound(gr, name));
    case 'AlreadyExists':
      return new ApiError(statusError.alreadyExists(gr, name));
    case 'Conflict':
      return new ApiError(statusError.conflict(gr, name, MODIFIED_MESSAGE));
    case 'Gone':
      return new ApiError(statusError.gone(err.message));
  }
}
