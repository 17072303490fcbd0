import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '../errors/api-error.test-support';
import { parseDeleteOptions } from './delete-options';

const query = { dryRun: false };

const statusOf = (fn: () => unknown): unknown => apiErrorOf(fn).status;

describe('parseDeleteOptions', () => {
  it('reads gracePeriodSeconds, preconditions and the propagation policy', () => {
    const r = parseDeleteOptions('{"gracePeriodSeconds":0,"preconditions":{"uid":"u"},"propagationPolicy":"Foreground"}', 'application/json', query);
    expect(r).toMatchObject({ dryRun: false, preconditions: { uid: 'u' }, propagationPolicy: 'Foreground' });
  });

  it('refuses a body of the wrong types as the delete handler does (decoder error, code 500, no reason)', () => {
    expect(statusOf(() => parseDeleteOptions('{"gracePeriodSeconds":"a"}', 'application/json', query))).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64',
      code: 500,
    });
    expect(statusOf(() => parseDeleteOptions('{"dryRun":"All"}', 'application/json', query))).toMatchObject({
      code: 500,
      message: 'json: cannot unmarshal string into Go struct field DeleteOptions.dryRun of type []string',
    });
  });
});
