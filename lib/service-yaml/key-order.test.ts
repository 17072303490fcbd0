import { describe, expect, it } from 'vitest';
import { inKeyOrderOf } from './key-order';

describe('inKeyOrderOf', () => {
  it('orders keys as the template does, new keys after, nested objects and array items too', () => {
    const live = { metadata: { name: 'web', namespace: 'demo' }, spec: { ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080 }], type: 'ClusterIP' } };
    const edited = { spec: { type: 'ClusterIP', ports: [{ port: 81, protocol: 'TCP', name: 'http' }, { port: 443, name: 'https', protocol: 'TCP' }] }, metadata: { labels: { a: 'b' }, namespace: 'demo', name: 'web' } };
    const out = inKeyOrderOf(edited, live);
    expect(JSON.stringify(out)).toBe(
      JSON.stringify({
        metadata: { name: 'web', namespace: 'demo', labels: { a: 'b' } },
        spec: { ports: [{ name: 'http', protocol: 'TCP', port: 81 }, { name: 'https', protocol: 'TCP', port: 443 }], type: 'ClusterIP' },
      }),
    );
    expect(out).toEqual(edited);
  });

  it('leaves values alone: scalars, arrays of scalars, a template of another shape', () => {
    expect(inKeyOrderOf({ b: [3, 1], a: null }, { a: 'x', b: { c: 1 } })).toEqual({ a: null, b: [3, 1] });
    expect(Object.keys(inKeyOrderOf({ b: 1, a: 2 }, 'not an object'))).toEqual(['b', 'a']);
  });
});
