/**
 * Near misses: pods in the Service's namespace that its selector misses by exactly one label.
 * Usually a typo or a relabelled Deployment; naming the label is most of the fix. Pure.
 */
import type { Pod, Service } from '../k8s/types';

export interface NearMiss {
  pod: string;
  key: string;
  /** What the selector wants. */
  wanted: string;
  /** What the pod has (undefined: the pod has no such label). */
  actual?: string;
}

export function nearMisses(svc: Service, pods: readonly Pod[]): NearMiss[] {
  const selector = svc.spec?.selector;
  if (!selector) return [];
  const entries = Object.entries(selector);
  // A one-label selector that misses by one label matches nothing of it: every pod would be a "near miss".
  if (entries.length < 2) return singleLabelMisses(svc, entries, pods);
  const inNamespace = pods.filter((p) => (p.metadata.namespace ?? svc.metadata.namespace) === svc.metadata.namespace);
  // How many pods carry each wanted key=value: a pod that shares a rare one (app=cart) is a likelier
  // near miss than one that shares a common one (tier=backend, carried by every backend).
  const carriers = new Map(entries.map(([k, v]) => [k, inNamespace.filter((p) => p.metadata.labels?.[k] === v).length]));
  const scored: { miss: NearMiss; score: number }[] = [];
  for (const pod of inNamespace) {
    const labels = pod.metadata.labels ?? {};
    const misses = entries.filter(([k, v]) => labels[k] !== v);
    if (misses.length !== 1) continue;
    const [key, wanted] = misses[0];
    const score = entries.filter(([k]) => k !== key).reduce((n, [k]) => n + 1 / Math.max(1, carriers.get(k) ?? 1), 0);
    scored.push({ miss: { pod: pod.metadata.name ?? '', key, wanted, ...(key in labels ? { actual: labels[key] } : {}) }, score });
  }
  const best = Math.max(0, ...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score >= best / 2)
    .map((s) => s.miss)
    .sort((a, b) => a.pod.localeCompare(b.pod));
}

/** Levenshtein distance, capped: enough to tell a typo from a different value. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Values that look like a typo of each other: case, a prefix/suffix, or at most two edits apart. */
export function similarValues(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y || x.startsWith(y) || y.startsWith(x) || x.endsWith(y) || y.endsWith(x)) return true;
  return editDistance(x, y) <= 2;
}

/**
 * For a one-label selector every pod without the label "misses by one", which says nothing; only
 * pods whose value for the key looks like a typo of the wanted one count (app=web vs app=webapp).
 */
function singleLabelMisses(svc: Service, entries: [string, string][], pods: readonly Pod[]): NearMiss[] {
  if (entries.length !== 1) return [];
  const [key, wanted] = entries[0];
  return pods
    .filter((p) => (p.metadata.namespace ?? svc.metadata.namespace) === svc.metadata.namespace)
    .filter((p) => p.metadata.labels && key in p.metadata.labels && p.metadata.labels[key] !== wanted && similarValues(p.metadata.labels[key], wanted))
    .map((p) => ({ pod: p.metadata.name ?? '', key, wanted, actual: p.metadata.labels?.[key] }))
    .sort((a, b) => a.pod.localeCompare(b.pod));
}
