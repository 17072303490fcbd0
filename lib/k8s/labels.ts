/**
 * Label selectors exactly as apimachinery's `pkg/labels` parses and matches them (the string form
 * the API takes in `?labelSelector=`, and metav1.LabelSelector with matchLabels/matchExpressions).
 * Pure and browser-safe: the embedded cluster filters lists with it, the browser validates what the
 * user types with it, and the EndpointSlice controller matches Service selectors with it.
 *
 * Grammar (labels.Parse):
 *   <selector>    ::= <requirement> | <requirement> "," <selector>
 *   <requirement> ::= [!] KEY [ ("in" | "notin") "(" VALUES ")" | ("=" | "==" | "!=") VALUE | (">" | "<") INT ]
 * `gt`/`lt` (written `>`/`<`) ARE accepted by the API server's label selector parser; they match
 * only labels whose value parses as an integer. Errors carry the real messages, e.g.
 * `unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt`.
 */
import type { LabelSelector } from './types/meta';
import { matchesLabelRequirements, newLabelRequirement, type LabelRequirement } from './label-requirement';
import { parseRequirements } from './label-selector-parser';

export { matchesLabelRequirements, newLabelRequirement };
export type { LabelRequirement };

function byKey(a: LabelRequirement, b: LabelRequirement): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * labels.Parse. An empty (or blank) string selects everything and yields no requirements.
 * Throws Error with the real parser message (the API server answers it as a 400 BadRequest).
 */
export function parseLabelSelector(text: string): LabelRequirement[] {
  return parseRequirements(text).sort(byKey);
}

/**
 * metav1.LabelSelectorAsSelector. `{}` selects everything (`[]`); a null/absent selector selects
 * nothing (`null`). Throws Error with the real message for a bad operator, key or value.
 */
export function labelSelectorToRequirements(sel: LabelSelector): LabelRequirement[];
export function labelSelectorToRequirements(sel: LabelSelector | null | undefined): LabelRequirement[] | null;
export function labelSelectorToRequirements(sel: LabelSelector | null | undefined): LabelRequirement[] | null {
  if (sel === null || sel === undefined) return null;
  const reqs: LabelRequirement[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) reqs.push(newLabelRequirement(k, '=', [v]));
  for (const expr of sel.matchExpressions ?? []) {
    const op = ({ In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' } as const)[expr.operator];
    if (!op) throw new Error(`${JSON.stringify(expr.operator)} is not a valid label selector operator`);
    reqs.push(newLabelRequirement(expr.key, op, [...(expr.values ?? [])]));
  }
  return reqs.sort(byKey);
}

/**
 * Does a Service-style selector (a plain map) select these labels? An empty or absent selector
 * selects NOTHING here: the real EndpointSlice and Endpoints controllers skip Services whose
 * `spec.selector` is nil ("services without a selector receive no endpoint slices from this
 * controller"), and an empty map does not survive the API server's storage round trip as anything
 * but nil, so `selector: {}` behaves the same. (labels.SelectorFromSet({}) would be Everything();
 * that is why this is not simply a set-based match.)
 */
export function selectorMatches(selector: Readonly<Record<string, string>> | null | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (!selector) return false;
  const entries = Object.entries(selector);
  if (entries.length === 0) return false;
  if (!labels) return false;
  return entries.every(([k, v]) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v);
}

/** Requirement.String / Selector.String: `a=b,c in (x,y),!d`. */
export function formatLabelRequirements(reqs: readonly LabelRequirement[]): string {
  return reqs
    .map((r) => {
      const prefix = r.operator === '!' ? '!' : '';
      if (r.operator === 'exists' || r.operator === '!') return `${prefix}${r.key}`;
      const op = { in: ' in ', notin: ' notin ', '=': '=', '==': '==', '!=': '!=', gt: '>', lt: '<' }[r.operator];
      const vals = r.values.length === 1 ? r.values[0] : [...r.values].sort().join(',');
      return r.operator === 'in' || r.operator === 'notin' ? `${r.key}${op}(${vals})` : `${r.key}${op}${vals}`;
    })
    .join(',');
}

/** labels.FormatLabels: `a=b,c=d` sorted by key, or `<none>`. */
export function formatLabels(labels: Readonly<Record<string, string>> | null | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0 || !labels) return '<none>';
  return keys.map((k) => `${k}=${labels[k]}`).join(',');
}
