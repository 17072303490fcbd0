import { describe, expect, it } from 'vitest';
import { pod } from '../service-insight/test-fixtures';
import {
  labelSuggestions,
  matchingPods,
  perPodLabels,
  sameSelector,
  selectorChange,
  selectorFromPod,
  selectorMatch,
  selectorNearMisses,
  valueSuggestions,
} from './selector-suggestions';

const pods = [
  pod('web-1', { labels: { app: 'web', tier: 'front', 'pod-template-hash': 'abc' } }),
  pod('web-2', { labels: { app: 'web', tier: 'front', 'pod-template-hash': 'def' }, ready: false }),
  pod('api-1', { labels: { app: 'api', tier: 'back' } }),
  pod('webb-1', { labels: { app: 'webb', tier: 'front' } }),
  pod('job-1', { labels: { app: 'web', tier: 'front' }, phase: 'Succeeded' }),
];

describe('labelSuggestions', () => {
  it('counts pods per key and value, common keys first, volatile keys last, terminal pods left out', () => {
    const s = labelSuggestions(pods);
    expect(s.map((k) => k.key)).toEqual(['app', 'tier', 'pod-template-hash']);
    expect(s[0]).toEqual({ key: 'app', pods: 4, values: [{ value: 'web', pods: 2 }, { value: 'api', pods: 1 }, { value: 'webb', pods: 1 }] });
    expect(s[1].values).toEqual([{ value: 'front', pods: 3 }, { value: 'back', pods: 1 }]);
  });
  it('narrows values to the pods the rest of the selector matches', () => {
    expect(valueSuggestions(pods, { tier: 'back', app: 'x' }, 'app')).toEqual([{ value: 'api', pods: 1 }]);
    expect(valueSuggestions(pods, {}, 'tier').map((v) => v.value)).toEqual(['front', 'back']);
  });
});

describe('selectorMatch', () => {
  it('lists the matching pods with readiness; terminal pods are selected but not ready endpoints', () => {
    const m = selectorMatch({ app: 'web' }, pods);
    expect(m.pods).toEqual([
      { name: 'job-1', ready: true, terminal: true },
      { name: 'web-1', ready: true, terminal: false },
      { name: 'web-2', ready: false, terminal: false },
    ]);
    expect(m.ready).toBe(1);
  });
  it('an empty selector selects nothing, as for a Service', () => {
    expect(matchingPods({}, pods)).toEqual([]);
    expect(selectorMatch(undefined, pods)).toEqual({ pods: [], ready: 0 });
  });
});

describe('selectorNearMisses', () => {
  it('reports pods missing by one label', () => {
    const misses = selectorNearMisses({ app: 'web', tier: 'back' }, 'shop', pods);
    expect(misses.map((m) => m.pod)).toContain('api-1');
    expect(misses.find((m) => m.pod === 'api-1')).toEqual({ pod: 'api-1', key: 'app', wanted: 'web', actual: 'api' });
  });
  it('for a one-label selector only typo-like values', () => {
    expect(selectorNearMisses({ app: 'web' }, 'shop', pods).map((m) => m.pod)).toEqual(['webb-1']);
    expect(selectorNearMisses({}, 'shop', pods)).toEqual([]);
  });
});

describe('selectorChange', () => {
  it('names the pods a new selector gains and loses', () => {
    expect(selectorChange({ app: 'web' }, { tier: 'front' }, pods)).toEqual({ gains: ['webb-1'], loses: [], keeps: 3 });
    expect(selectorChange({ app: 'web' }, { app: 'api' }, pods)).toEqual({ gains: ['api-1'], loses: ['job-1', 'web-1', 'web-2'], keeps: 0 });
    expect(selectorChange(undefined, { app: 'api' }, pods).gains).toEqual(['api-1']);
  });
  it('sameSelector compares keys and values', () => {
    expect(sameSelector({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameSelector({ a: '1' }, { a: '1', b: '2' })).toBe(false);
    expect(sameSelector(undefined, {})).toBe(true);
  });
});

describe('selectorFromPod', () => {
  it("uses a pod's labels without the per-rollout ones", () => {
    expect(selectorFromPod(pods[0])).toEqual({ app: 'web', tier: 'front' });
  });
  it("leaves a StatefulSet pod's per-pod labels out, and names them (issue 18 item 3)", () => {
    const sts = pod('db-1', {
      labels: { app: 'db', 'apps.kubernetes.io/pod-index': '1', 'statefulset.kubernetes.io/pod-name': 'db-1', 'controller-revision-hash': 'db-7c9' },
    });
    expect(selectorFromPod(sts)).toEqual({ app: 'db' });
    expect(perPodLabels(sts)).toEqual([
      ['apps.kubernetes.io/pod-index', '1'],
      ['controller-revision-hash', 'db-7c9'],
      ['statefulset.kubernetes.io/pod-name', 'db-1'],
    ]);
  });
});
