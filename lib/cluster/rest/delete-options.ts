/** DeleteOptions from a request body and query parameters. */
import { fieldError } from '../../k8s/field-errors';
import { isJsonObject } from '../../k8s/json';
import { statusError } from '../../k8s/status';
import type { DeleteOptions } from '../../k8s/types/meta';
import type { ObjectSchema } from '../schema/types';
import { ApiError } from '../errors/api-error';
import { parseBodyValue, stripDangerousKeys } from './decode';
import type { DeleteRequest, PropagationPolicy } from './delete';
import { findTypeError } from './type-check';
import { decodedAs } from '../schema/json-view';

/** meta/v1 DeleteOptions as Go decodes it (only for the type errors of a body). */
const DELETE_OPTIONS_SCHEMA: ObjectSchema = {
  type: 'object',
  name: 'v1.DeleteOptions',
  properties: {
    kind: { type: 'string' },
    apiVersion: { type: 'string' },
    gracePeriodSeconds: { type: 'integer', format: 'int64' },
    preconditions: {
      type: 'object',
      name: 'v1.Preconditions',
      properties: { uid: { type: 'string' }, resourceVersion: { type: 'string' } },
    },
    orphanDependents: { type: 'boolean' },
    propagationPolicy: { type: 'string' },
    dryRun: { type: 'array', items: { type: 'string' } },
  },
};

const POLICIES = ['Orphan', 'Background', 'Foreground'];

export function parseDeleteOptions(
  body: string,
  contentType: string | undefined,
  query: { dryRun: boolean; propagationPolicy?: string; orphanDependents?: boolean; gracePeriodSeconds?: number },
): DeleteRequest {
  let opts: DeleteOptions = {};
  if (body.trim() !== '') {
    const value = parseBodyValue(body, contentType, (e) => `couldn't get version/kind; json parse error: ${e}`);
    if (!isJsonObject(value)) throw new ApiError(statusError.badRequest('the body of the request was not a DeleteOptions object'));
    stripDangerousKeys(value);
    const typeError = findTypeError(value, DELETE_OPTIONS_SCHEMA);
    // The delete handler passes the decoder's error through unchanged.
    if (typeError) throw ApiError.plain(typeError);
    opts = decodedAs<DeleteOptions>(value);
  }
  const dryRunValues = opts.dryRun ?? [];
  for (const v of dryRunValues) {
    if (v !== 'All') throw new ApiError(statusError.invalid('DeleteOptions', 'meta.k8s.io', '', [fieldError.notSupported('dryRun', dryRunValues, ['All'])]));
  }
  let policy = (query.propagationPolicy ?? opts.propagationPolicy) as string | undefined;
  const orphan = query.orphanDependents ?? (opts as { orphanDependents?: boolean }).orphanDependents;
  if (policy !== undefined && orphan !== undefined) {
    throw new ApiError(
      statusError.invalid('DeleteOptions', 'meta.k8s.io', '', [
        fieldError.invalid('propagationPolicy', policy, 'orphanDependents and deletionPropagation cannot be both set'),
      ]),
    );
  }
  if (orphan !== undefined) policy = orphan ? 'Orphan' : 'Background';
  if (policy !== undefined && !POLICIES.includes(policy)) {
    throw new ApiError(statusError.invalid('DeleteOptions', 'meta.k8s.io', '', [fieldError.notSupported('propagationPolicy', policy, POLICIES)]));
  }
  return {
    dryRun: query.dryRun || dryRunValues.includes('All'),
    preconditions: opts.preconditions,
    propagationPolicy: policy as PropagationPolicy | undefined,
    gracePeriodSeconds: query.gracePeriodSeconds ?? opts.gracePeriodSeconds,
  };
}
