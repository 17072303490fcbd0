/**
 * User impersonation (`kubectl --as`, `--as-group`, `--as-uid`): the Impersonate-* headers, each
 * checked as the verb `impersonate` on users, groups, uids or userextras, as the real server's
 * impersonation filter does (k8s.io/apiserver/pkg/endpoints/filters/impersonation.go).
 */
import type { Status } from '../../k8s/types/meta';
import { statusError } from '../../k8s/status';
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, UNAUTHENTICATED_GROUP } from './authenticate';
import { authorize, forbiddenStatus } from './authorize';
import type { Identity, RequestAttributes, User } from './types';

export type HeaderValue = string | string[] | undefined;

function values(v: HeaderValue): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
}

/** Reads a header case-insensitively from a Node-style header record (keys are lower case there). */
function header(headers: Record<string, HeaderValue>, name: string): string[] {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return values(v);
  return [];
}

/**
 * The user a request acts as. Without Impersonate-* headers that is `user` itself; with them, the
 * impersonated user when `user` may impersonate every requested part, else a 403 Status naming the
 * first part refused (or a 400 when groups, uid or extras come without a user).
 */
export function impersonate(
  identities: readonly Identity[],
  user: User,
  headers: Record<string, HeaderValue>,
): { user: User } | { status: Status } {
  const [asUser] = header(headers, 'Impersonate-User');
  const groups = header(headers, 'Impersonate-Group');
  const [uid] = header(headers, 'Impersonate-Uid');
  const extras = Object.keys(headers).filter((k) => k.toLowerCase().startsWith('impersonate-extra-'));
  if (!asUser) {
    if (groups.length || uid || extras.length) {
      return { status: statusError.badRequest('requested impersonation of groups, a uid or extras without impersonating a user') };
    }
    return { user };
  }
  const checks: RequestAttributes[] = [];
  const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(asUser);
  checks.push(
    sa
      ? { verb: 'impersonate', apiGroup: '', resource: 'serviceaccounts', namespace: sa[1], name: sa[2] }
      : { verb: 'impersonate', apiGroup: '', resource: 'users', name: asUser },
  );
  for (const g of groups) checks.push({ verb: 'impersonate', apiGroup: '', resource: 'groups', name: g });
  if (uid) checks.push({ verb: 'impersonate', apiGroup: 'authentication.k8s.io', resource: 'uids', name: uid });
  for (const k of extras) {
    const key = k.slice('impersonate-extra-'.length).toLowerCase();
    for (const v of header(headers, k)) {
      checks.push({ verb: 'impersonate', apiGroup: 'authentication.k8s.io', resource: 'userextras', subresource: key, name: v });
    }
  }
  for (const attrs of checks) {
    if (!authorize(identities, user, attrs).allowed) return { status: forbiddenStatus(user, attrs) };
  }
  const asGroups = [...groups];
  if (sa && groups.length === 0) asGroups.push('system:serviceaccounts', `system:serviceaccounts:${sa[1]}`);
  if (asUser === ANONYMOUS_USER) {
    if (!asGroups.includes(UNAUTHENTICATED_GROUP)) asGroups.push(UNAUTHENTICATED_GROUP);
  } else if (!asGroups.includes(AUTHENTICATED_GROUP) && !asGroups.includes(UNAUTHENTICATED_GROUP)) {
    asGroups.push(AUTHENTICATED_GROUP);
  }
  const next: User = { username: asUser, groups: asGroups };
  if (uid) next.uid = uid;
  return { user: next };
}
