import { describe, it, expect } from 'vitest';
import { ApiError } from '../errors/api-error';
import type { KubeObject } from '../../k8s/types/meta';
import { matchesListSelectors, parseListSelectors, selectsEverything } from './list-selectors';

const svc = (name: string, labels: Record<string, string>, type: string): KubeObject =>
  ({ metadata: { name, namespace: 'demo', labels }, spec: { type } }) as KubeObject;

describe('parseListSelectors', () => {
  it('parses both selectors', () => {
    const sel = parseListSelectors('services', { labelSelector: 'app=web', fieldSelector: 'spec.type=NodePort' });
    expect(sel).toEqual({
      labels: [{ key: 'app', operator: '=', values: ['web'] }],
      fields: [{ field: 'spec.type', operator: '=', value: 'NodePort' }],
    });
    expect(selectsEverything(sel)).toBe(false);
    expect(selectsEverything(parseListSelectors('services', {}))).toBe(true);
    expect(selectsEverything(parseListSelectors('services', { labelSelector: '', fieldSelector: null }))).toBe(true);
  });

  it.each([
    [{ labelSelector: 'a b' }, "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"],
    [{ fieldSelector: 'spec.ports=80' }, 'field label not supported: spec.ports'],
    [{ fieldSelector: 'nonsense' }, "invalid selector: 'nonsense'; can't understand 'nonsense'"],
  ])('answers %j with a 400', (query, message) => {
    try {
      parseListSelectors('services', query);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      const err = e as ApiError;
      expect(err.status).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 });
    }
  });
});

describe('matchesListSelectors', () => {
  const objs = [svc('a', { app: 'web' }, 'ClusterIP'), svc('b', { app: 'web', tier: 'x' }, 'NodePort'), svc('c', {}, 'NodePort')];
  it.each([
    [{}, ['a', 'b', 'c']],
    [{ labelSelector: 'app=web' }, ['a', 'b']],
    [{ labelSelector: '!app' }, ['c']],
    [{ fieldSelector: 'spec.type=NodePort' }, ['b', 'c']],
    [{ labelSelector: 'app', fieldSelector: 'spec.type!=ClusterIP' }, ['b']],
    [{ fieldSelector: 'metadata.name=c' }, ['c']],
  ])('%j', (query, names) => {
    const sel = parseListSelectors('services', query);
    expect(objs.filter((o) => matchesListSelectors('services', sel, o)).map((o) => o.metadata.name)).toEqual(names);
  });
});
