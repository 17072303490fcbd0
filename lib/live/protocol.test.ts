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

  it('names the list projection in the id, so projected and whole objects never share a cache key', () => {
    const rows = { resource: 'services' as const, view: 'rows' as const };
    expect(watchId(rows)).toBe('services:all:v=rows');
    expect(parseWatchId('services:demo:v=rows')).toEqual({ resource: 'services', namespace: 'demo', view: 'rows' });
    expect(watchId(rows)).not.toBe(watchId({ resource: 'services' }));
    expect(watchId({ resource: 'services', namespace: 'demo', fieldSelector: 'metadata.name=web' })).not.toBe(watchId({ ...rows, namespace: 'demo' }));
    expect(parseWatchId('services:all:v=full')).toBeUndefined();
    expect(parseWatchId('pods:all:v=rows')).toBeUndefined();
    expect(parseWatchId('services:all:v=rows:v=rows')).toBeUndefined();
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
