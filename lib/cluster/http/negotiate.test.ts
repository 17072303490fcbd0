import { describe, expect, it } from 'vitest';
import { isAcceptable, negotiate } from './negotiate';

describe('negotiate', () => {
  it('serves Tables, YAML and JSON as asked', () => {
    expect(negotiate('application/json;as=Table;v=v1;g=meta.k8s.io,application/json')).toEqual({ table: true, yaml: false });
    expect(negotiate('application/yaml')).toEqual({ table: false, yaml: true });
    expect(negotiate(undefined)).toEqual({ table: false, yaml: false });
  });

  it('refuses only Accept headers without a type it can answer (406)', () => {
    for (const ok of [undefined, '', '*/*', 'application/json', 'application/vnd.kubernetes.protobuf, */*', 'text/html,application/xml;q=0.9,*/*;q=0.8']) {
      expect(isAcceptable(ok), String(ok)).toBe(true);
    }
    expect(isAcceptable('application/xml')).toBe(false);
    expect(isAcceptable('text/plain')).toBe(false);
  });
});
