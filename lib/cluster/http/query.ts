/** Query parameters of the REST verbs, parsed with the real server's errors. */
import { fieldError } from '../../k8s/field-errors';
import { statusError } from '../../k8s/status';
import { ApiError } from '../errors/api-error';

export function parseDryRun(query: URLSearchParams, optionsKind: string): boolean {
  const values = query.getAll('dryRun');
  if (values.length === 0) return false;
  for (const v of values) {
    if (v !== 'All') {
      throw new ApiError(statusError.invalid(optionsKind, 'meta.k8s.io', '', [fieldError.notSupported('dryRun', values, ['All'])]));
    }
  }
  return true;
}

export function parseBool(query: URLSearchParams, name: string): boolean | undefined {
  const v = query.get(name);
  if (v === null) return undefined;
  if (v === '' || v === 'true' || v === '1' || v === 'True' || v === 'TRUE') return true;
  if (v === 'false' || v === '0' || v === 'False' || v === 'FALSE') return false;
  throw new ApiError(statusError.badRequest(`strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`));
}

export function parseInteger(query: URLSearchParams, name: string): number | undefined {
  const v = query.get(name);
  if (v === null || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw new ApiError(statusError.badRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`));
  return Number(v);
}

export function optional(query: URLSearchParams, name: string): string | undefined {
  const v = query.get(name);
  return v === null ? undefined : v;
}
