import { describe, expect, it } from 'vitest';
import { namespaceCandidates, reviewKey } from './first-answers';

describe('reviewKey: one key per review, however its attributes were written', () => {
  it('ignores the order of the attributes and absent ones', () => {
    expect(reviewKey({ verb: 'create', resource: 'services', namespace: 'demo' })).toBe(reviewKey({ namespace: 'demo', resource: 'services', verb: 'create' }));
    expect(reviewKey({ verb: 'create', resource: 'services', namespace: undefined })).toBe(reviewKey({ verb: 'create', resource: 'services' }));
  });

  it('tells apart reviews that differ in any attribute', () => {
    const base = { verb: 'create', resource: 'services', namespace: 'demo' };
    const keys = [base, { ...base, verb: 'delete' }, { ...base, namespace: 'shop' }, { ...base, name: 'web' }, { ...base, resource: 'pods' }, { verb: 'create', resource: 'services' }].map(reviewKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('namespaceCandidates: the namespaces the browser and the first HTML check alike', () => {
  it('joins the listed ones, the extra ones, the context namespace and --namespaces, unique and sorted', () => {
    expect(namespaceCandidates(['shop', 'demo'], ['x'], 'demo', ['b', 'shop'])).toEqual(['b', 'demo', 'shop', 'x']);
  });

  it('drops empty names (an unnamed list item, no context namespace)', () => {
    expect(namespaceCandidates(['', 'demo'], [''], undefined, [])).toEqual(['demo']);
  });
});
