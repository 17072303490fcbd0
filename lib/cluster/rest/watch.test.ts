import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/types/meta';
import { parseLabelSelector } from '../../k8s/labels';
import { podDefinition } from '../registry/pods';
import type { ResourceDefinition } from '../registry/types';
import { filterEvent } from './watch';

const def: ResourceDefinition = podDefinition;
const sel = { labels: parseLabelSelector('tier=front'), fields: [] };
const pod = (rv: string, tier: string): KubeObject => ({ metadata: { name: 'p', namespace: 'ns', resourceVersion: rv, labels: { tier } } });

describe('filterEvent (cacheWatcher.convertToWatchEvent)', () => {
  it('passes everything through without a selection', () => {
    const event = { type: 'MODIFIED' as const, resource: 'pods' as const, object: pod('2', 'back'), previous: pod('1', 'front'), resourceVersion: 2 };
    expect(filterEvent(def, { labels: [], fields: [] }, event)?.type).toBe('MODIFIED');
  });

  it('turns entering the selection into ADDED and leaving it into DELETED of the previous state', () => {
    const enter = filterEvent(def, sel, { type: 'MODIFIED', resource: 'pods', object: pod('2', 'front'), previous: pod('1', 'back'), resourceVersion: 2 });
    expect(enter).toEqual({ type: 'ADDED', object: pod('2', 'front') });
    const leave = filterEvent(def, sel, { type: 'MODIFIED', resource: 'pods', object: pod('3', 'back'), previous: pod('2', 'front'), resourceVersion: 3 });
    expect(leave).toEqual({ type: 'DELETED', object: pod('3', 'front') });
  });

  it('drops events of objects never selected', () => {
    expect(filterEvent(def, sel, { type: 'ADDED', resource: 'pods', object: pod('1', 'back'), resourceVersion: 1 })).toBeUndefined();
    expect(filterEvent(def, sel, { type: 'DELETED', resource: 'pods', object: pod('2', 'back'), resourceVersion: 2 })).toBeUndefined();
    expect(filterEvent(def, sel, { type: 'DELETED', resource: 'pods', object: pod('2', 'front'), resourceVersion: 2 })?.type).toBe('DELETED');
  });
});
