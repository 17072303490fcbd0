/** Authorization of every request from the identities' rules and the group rules, with RBAC's messages. */
import type { Status } from '../../k8s/types/meta';
import { failure, statusError } from '../../k8s/status';
import { GROUP_RULES } from './defaults';
import { ruleAllows } from './rules';
import { isResourceRequest, type Decision, type Identity, type RequestAttributes, type Rule, type User } from './types';

/** Where a rule comes from, for the "allowed by" reason. */
export interface RuleSource {
  rule: Rule;
  /** E.g. `RBAC: allowed by ClusterRoleBinding "porthole:viewer" of ClusterRole "porthole:viewer" to User "viewer"`. */
  reason: string;
}

const ruleCache = new WeakMap<readonly Identity[], Map<string, RuleSource[]>>();

/** Every rule that may apply to `user`: its own (when it is a known identity), then those of its groups. */
export function rulesOf(identities: readonly Identity[], user: User): RuleSource[] {
  // Computed once per user and group set: authorization runs on every request.
  let byUser = ruleCache.get(identities);
  if (!byUser) ruleCache.set(identities, (byUser = new Map()));
  const key = `${user.username}\u0000${user.groups.join('\u0000')}`;
  let cached = byUser.get(key);
  if (!cached) {
    if (byUser.size >= 1024) byUser.clear(); // impersonation can name any user: keep the cache bounded
    byUser.set(key, (cached = collectRules(identities, user)));
  }
  return cached;
}

function collectRules(identities: readonly Identity[], user: User): RuleSource[] {
  const out: RuleSource[] = [];
  const identity = identities.find((i) => i.name === user.username);
  if (identity) {
    for (const rule of identity.rules) {
      // roleBindingDescriber names a RoleBinding `<name>/<namespace>`: the namespace is the request's.
      const binding = rule.namespaces
        ? `RoleBinding "porthole:${identity.name}/\u0000" of Role "porthole:${identity.name}"`
        : `ClusterRoleBinding "porthole:${identity.name}" of ClusterRole "porthole:${identity.name}"`;
      out.push({ rule, reason: `RBAC: allowed by ${binding} to User "${identity.name}"` });
    }
  }
  for (const g of GROUP_RULES) {
    if (!user.groups.includes(g.group)) continue;
    for (const rule of g.rules) {
      out.push({ rule, reason: `RBAC: allowed by ClusterRoleBinding "${g.role}" of ClusterRole "${g.role}" to Group "${g.group}"` });
    }
  }
  return out;
}

export function authorize(identities: readonly Identity[], user: User, attrs: RequestAttributes): Decision {
  for (const { rule, reason } of rulesOf(identities, user)) {
    if (ruleAllows(rule, attrs)) return { allowed: true, reason: reason.replace('\u0000', attrs.namespace ?? '') };
  }
  return { allowed: false, reason: '' };
}

/** The text after `is forbidden: ` (apiserver's forbiddenMessage). */
export function forbiddenMessage(user: User, attrs: RequestAttributes): string {
  if (!isResourceRequest(attrs)) return `User "${user.username}" cannot ${attrs.verb} path "${attrs.path ?? ''}"`;
  const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : (attrs.resource ?? '');
  const group = attrs.apiGroup ?? '';
  const where = attrs.namespace ? `in the namespace "${attrs.namespace}"` : 'at the cluster scope';
  return `User "${user.username}" cannot ${attrs.verb} resource "${resource}" in API group "${group}" ${where}`;
}

/**
 * The 403 Status the real server returns, e.g.
 * `services "x" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "demo"`.
 */
export function forbiddenStatus(user: User, attrs: RequestAttributes, reason = ''): Status {
  const text = reason ? `${forbiddenMessage(user, attrs)}: ${reason}` : forbiddenMessage(user, attrs);
  if (!isResourceRequest(attrs)) return failure(403, 'Forbidden', `forbidden: ${text}`, {});
  const gr = { group: attrs.apiGroup ?? '', resource: attrs.resource ?? '' };
  const qualified = gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
  const subject = attrs.name ? `${qualified} "${attrs.name}"` : qualified;
  return statusError.forbidden(`${subject} is forbidden: ${text}`, gr, attrs.name || undefined);
}
