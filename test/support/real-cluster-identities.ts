/**
 * The embedded cluster's built-in identities (lib/cluster/auth/defaults.ts) on a real kube-apiserver:
 * the same bearer tokens and groups in its --token-auth-file, and RBAC equivalent to their rules —
 * rules without namespaces as a ClusterRole + ClusterRoleBinding, rules limited to namespaces as a
 * Role + RoleBinding in each (the namespace must exist). The admin needs none: system:masters.
 */
import { stringify } from 'yaml';
import { defaultIdentities, type Identity } from '../../lib/cluster/auth';
import type { PolicyRule, Rule } from '../../lib/cluster/auth/types';

/** `token,user,uid,"group1,group2"` lines for kube-apiserver's --token-auth-file. */
export function tokensCsv(identities: readonly Identity[] = defaultIdentities()): string {
  return identities.map((i) => `${i.token},${i.name},${i.uid ?? `${i.name}-uid`},"${i.groups.join(',')}"\n`).join('');
}

interface RbacObject {
  apiVersion: 'rbac.authorization.k8s.io/v1';
  kind: 'ClusterRole' | 'ClusterRoleBinding' | 'Role' | 'RoleBinding';
  metadata: { name: string; namespace?: string; labels: Record<string, string> };
  rules?: PolicyRule[];
  roleRef?: { apiGroup: 'rbac.authorization.k8s.io'; kind: 'ClusterRole' | 'Role'; name: string };
  subjects?: { apiGroup: 'rbac.authorization.k8s.io'; kind: 'User'; name: string }[];
}

const LABELS = { 'app.kubernetes.io/managed-by': 'porthole-tests' };

function policyRule(rule: Rule): PolicyRule {
  const { namespaces: _namespaces, ...policy } = rule;
  return policy;
}

/** The namespaces the identities' namespaced rules name (they must exist before their RoleBindings). */
export function identityNamespaces(identities: readonly Identity[] = defaultIdentities()): string[] {
  return [...new Set(identities.flatMap((i) => i.rules.flatMap((r) => r.namespaces ?? [])))];
}

/** Roles and bindings for every identity; namespaced ones only in `namespaces` (default: all the rules name). */
export function identityRbac(identities: readonly Identity[] = defaultIdentities(), namespaces: readonly string[] = identityNamespaces(identities)): RbacObject[] {
  const objects: RbacObject[] = [];
  for (const identity of identities) {
    const name = `porthole:${identity.name}`;
    const subjects: RbacObject['subjects'] = [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: identity.name }];
    const clusterRules = identity.rules.filter((r) => !r.namespaces?.length).map(policyRule);
    if (clusterRules.length) {
      objects.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name, labels: LABELS }, rules: clusterRules });
      objects.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name, labels: LABELS }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name }, subjects });
    }
    for (const namespace of namespaces) {
      const rules = identity.rules.filter((r) => r.namespaces?.includes(namespace)).map(policyRule);
      if (!rules.length) continue;
      objects.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name, namespace, labels: LABELS }, rules });
      objects.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name, namespace, labels: LABELS }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name }, subjects });
    }
  }
  return objects;
}

/** The objects as one multi-document YAML stream for `kubectl apply -f -`. */
export function yamlStream(objects: readonly object[]): string {
  return objects.map((o) => stringify(o)).join('---\n');
}
