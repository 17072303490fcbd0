/** RBAC rule matching (k8s.io/kubernetes/pkg/apis/rbac/v1 evaluation_helpers), pure. */
import { isResourceRequest, type PolicyRule, type RequestAttributes, type Rule } from './types';

const ALL = '*';

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === ALL || v === verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === ALL || g === group);
}

/** `*` matches everything; `resource/sub` matches exactly; `*\/sub` matches any resource's `sub`. */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === ALL || r === combined) return true;
    if (subresource && r === `*/${subresource}`) return true;
  }
  return false;
}

export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  if (names.length === 0) return true;
  return names.includes(name);
}

/** `*` matches every path; `/prefix*` any path starting with `/prefix`; otherwise exact. */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === ALL || u === path) return true;
    if (u.endsWith(ALL) && path.startsWith(u.slice(0, -1))) return true;
  }
  return false;
}

/** Whether a rule applies where the request happens (its namespace, or the cluster scope). */
export function ruleAppliesIn(rule: Rule, namespace: string | undefined): boolean {
  if (!rule.namespaces) return true;
  return namespace !== undefined && namespace !== '' && rule.namespaces.includes(namespace);
}

export function ruleAllows(rule: Rule, attrs: RequestAttributes): boolean {
  if (!ruleAppliesIn(rule, attrs.namespace)) return false;
  if (!verbMatches(rule, attrs.verb)) return false;
  if (!isResourceRequest(attrs)) {
    // Non-resource rules live only in cluster-wide rules, as in ClusterRoles.
    return !rule.namespaces && nonResourceURLMatches(rule, attrs.path ?? '');
  }
  const resource = attrs.resource ?? '';
  const sub = attrs.subresource ?? '';
  const combined = sub ? `${resource}/${sub}` : resource;
  return apiGroupMatches(rule, attrs.apiGroup ?? '') && resourceMatches(rule, combined, sub) && resourceNameMatches(rule, attrs.name ?? '');
}
