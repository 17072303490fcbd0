/**
 * What the selector builder shows while a selector is being written: label key/value suggestions
 * with pod counts, the pods a selector matches (with readiness), the near misses, and what a
 * change of selector gains and loses. Matching and near misses reuse lib/k8s/labels and
 * lib/service-insight (the same rules the EndpointSlice controller and the detail page use). Pure.
 */
import type { Pod, Service } from '../k8s/types';
import { selectorMatches } from '../k8s/labels';
import { nearMisses, type NearMiss } from '../service-insight/near-miss';
import { podReady, podTerminal } from '../service-insight/pods';

export type Selector = Readonly<Record<string, string>>;

export interface LabelValueSuggestion {
  value: string;
  /** Pods of the namespace carrying key=value. */
  pods: number;
}

export interface LabelKeySuggestion {
  key: string;
  /** Pods carrying the key (any value). */
  pods: number;
  /** Values, most common first. */
  values: LabelValueSuggestion[];
}

/**
 * Labels that name a single pod or a rollout revision (set by the Deployment, StatefulSet and
 * DaemonSet controllers): a selector on them matches one pod, or breaks on the next rollout.
 */
const VOLATILE_KEYS = new Set([
  'pod-template-hash',
  'controller-revision-hash',
  'pod-template-generation',
  'statefulset.kubernetes.io/pod-name',
  'apps.kubernetes.io/pod-index',
]);

export function isVolatileLabelKey(key: string): boolean {
  return VOLATILE_KEYS.has(key);
}

/**
 * Every label key of the pods with its values and counts; keys carried by most pods first,
 * volatile keys (pod-template-hash, ...) last. Terminal pods (Succeeded/Failed) are left out.
 */
export function labelSuggestions(pods: readonly Pod[]): LabelKeySuggestion[] {
  const keys = new Map<string, Map<string, number>>();
  for (const pod of pods) {
    if (podTerminal(pod)) continue;
    for (const [k, v] of Object.entries(pod.metadata.labels ?? {})) {
      const values = keys.get(k) ?? new Map<string, number>();
      values.set(v, (values.get(v) ?? 0) + 1);
      keys.set(k, values);
    }
  }
  const out: LabelKeySuggestion[] = [...keys].map(([key, values]) => ({
    key,
    pods: [...values.values()].reduce((a, b) => a + b, 0),
    values: [...values]
      .map(([value, n]) => ({ value, pods: n }))
      .sort((a, b) => b.pods - a.pods || a.value.localeCompare(b.value)),
  }));
  return out.sort(
    (a, b) => Number(isVolatileLabelKey(a.key)) - Number(isVolatileLabelKey(b.key)) || b.pods - a.pods || a.key.localeCompare(b.key),
  );
}

/** The value suggestions for one key, narrowed to the pods the rest of the selector already matches. */
export function valueSuggestions(pods: readonly Pod[], selector: Selector, key: string): LabelValueSuggestion[] {
  const rest = Object.fromEntries(Object.entries(selector).filter(([k]) => k !== key));
  const pool = Object.keys(rest).length ? pods.filter((p) => selectorMatches(rest, p.metadata.labels)) : pods;
  return labelSuggestions(pool).find((s) => s.key === key)?.values ?? [];
}

export interface MatchedPod {
  name: string;
  ready: boolean;
  /** Succeeded/Failed: selected, but never an endpoint. */
  terminal: boolean;
}

export interface SelectorMatch {
  pods: MatchedPod[];
  ready: number;
}

/** The pods a Service-style selector selects (an empty selector selects none, as for a Service). */
export function matchingPods(selector: Selector | undefined, pods: readonly Pod[]): Pod[] {
  return pods
    .filter((p) => selectorMatches(selector, p.metadata.labels))
    .sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
}

export function selectorMatch(selector: Selector | undefined, pods: readonly Pod[]): SelectorMatch {
  const matched = matchingPods(selector, pods).map((p) => ({ name: p.metadata.name ?? '', ready: podReady(p), terminal: podTerminal(p) }));
  return { pods: matched, ready: matched.filter((p) => p.ready && !p.terminal).length };
}

/** Pods the selector misses by one label (the detail page's rule, lib/service-insight/near-miss). */
export function selectorNearMisses(selector: Selector | undefined, namespace: string, pods: readonly Pod[]): NearMiss[] {
  if (!selector || Object.keys(selector).length === 0) return [];
  const probe: Service = { metadata: { name: 'draft', namespace }, spec: { selector: { ...selector } } };
  return nearMisses(probe, pods);
}

export interface SelectorChange {
  /** Pods the new selector selects that the old one did not. */
  gains: string[];
  /** Pods the old selector selected that the new one does not. */
  loses: string[];
  /** Pods both select. */
  keeps: number;
}

/** What editing a live Service's selector changes among its pods, before it is saved. */
export function selectorChange(before: Selector | undefined, after: Selector | undefined, pods: readonly Pod[]): SelectorChange {
  const old = new Set(matchingPods(before, pods).map((p) => p.metadata.name ?? ''));
  const now = new Set(matchingPods(after, pods).map((p) => p.metadata.name ?? ''));
  return {
    gains: [...now].filter((n) => !old.has(n)),
    loses: [...old].filter((n) => !now.has(n)),
    keeps: [...now].filter((n) => old.has(n)).length,
  };
}

/** Two selectors select the same thing (same keys and values). */
export function sameSelector(a: Selector | undefined, b: Selector | undefined): boolean {
  const x = Object.entries(a ?? {});
  const y = b ?? {};
  return x.length === Object.keys(y).length && x.every(([k, v]) => y[k] === v);
}

/**
 * The labels of one pod worth selecting on ("use this pod's labels"): everything but the volatile
 * per-rollout labels, so the selector keeps matching the pod's replacements.
 */
export function selectorFromPod(pod: Pod): Record<string, string> {
  return Object.fromEntries(Object.entries(pod.metadata.labels ?? {}).filter(([k]) => !isVolatileLabelKey(k)));
}

/** The labels of a pod that `selectorFromPod` leaves out (per-pod and per-revision ones), sorted by key. */
export function perPodLabels(pod: Pod): [string, string][] {
  return Object.entries(pod.metadata.labels ?? {})
    .filter(([k]) => isVolatileLabelKey(k))
    .sort(([a], [b]) => a.localeCompare(b));
}
