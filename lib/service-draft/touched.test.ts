import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { changedParts, messagesAtTouched, touchPart } from './touched';

const svc = (name: string, port = 80): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'a' }, spec: { ports: [{ port }] } });

describe('touched parts of a new Service', () => {
  it('names one part per metadata field and one for the whole spec', () => {
    expect(touchPart('metadata.name')).toBe('metadata.name');
    expect(touchPart('metadata.labels[app]')).toBe('metadata.labels');
    expect(touchPart('spec.ports[0].nodePort')).toBe('spec');
    expect(touchPart('')).toBe('spec');
  });
  it('finds the parts that differ from the initial draft', () => {
    expect(changedParts(svc(''), svc(''))).toEqual([]);
    expect(changedParts(svc('web'), svc(''))).toEqual(['metadata.name']);
    expect(changedParts(svc('', 81), svc(''))).toEqual(['spec']);
    const labelled = svc('');
    labelled.metadata.labels = { app: 'x' };
    expect(changedParts(labelled, svc(''))).toEqual(['metadata.labels']);
  });
  it('keeps only messages at touched parts', () => {
    const map = new Map([
      ['metadata.name', ['Required value']],
      ['spec.ports[0].port', ['Invalid value']],
    ]);
    expect([...messagesAtTouched(map, new Set(['spec'])).keys()]).toEqual(['spec.ports[0].port']);
  });
});
