import { describe, expect, it } from 'vitest';
import { encodeWatchParam, parseWatchId, parseWatchParam, watchId } from './protocol';

describe('watch ids', () => {
  it('round-trips specs with selectors', () => {
    const spec = { resource: 'pods' as const, namespace: 'demo', labelSelector: 'app=web,tier in (a,b)' };
    const id = watchId(spec);
    expect(id).toBe('pods:demo:l=app%3Dweb%2Ctier%20in%20(a%2Cb)');
    expect(parseWatchId(id)).toEqual(spec);
    expect(watchId({ resource: 'services' })).toBe('services:all');
  });

  it('refuses resources outside the allowlist and malformed names', () => {
    expect(parseWatchId('secrets:all')).toBeUndefined();
    expect(parseWatchId('services:../kube-system')).toBeUndefined();
    expect(parseWatchId('services:Demo')).toBeUndefined();
    expect(parseWatchId('nodes:demo')).toBeUndefined();
    expect(parseWatchId('services')).toBeUndefined();
    expect(parseWatchId('services:all:x=1')).toBeUndefined();
    expect(parseWatchId('services:all:l=%E0%A4%A')).toBeUndefined();
  });

  it('carries a resourceVersion after @', () => {
    expect(parseWatchParam(encodeWatchParam('services:demo', '123'))).toEqual({
      spec: { resource: 'services', namespace: 'demo' },
      id: 'services:demo',
      resourceVersion: '123',
    });
    expect(parseWatchParam('services:demo@12 3')).toBeUndefined();
    expect(parseWatchParam('services:demo')?.resourceVersion).toBeUndefined();
  });
});
