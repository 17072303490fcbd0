/**
 * Identity and access of the embedded cluster: bearer tokens, RBAC-style rules, the 401/403 bodies
 * and the self reviews (`kubectl auth can-i`, `kubectl auth can-i --list`, `kubectl auth whoami`).
 */
export type { Identity, Rule, PolicyRule, User, User as UserInfo, RequestAttributes, ResourceVerb, Decision } from './types';
export { isResourceRequest } from './types';
export { loadIdentities, parseIdentities } from './load';
export { DEFAULT_TOKENS, EDITOR_NAMESPACE, defaultIdentities, GROUP_RULES } from './defaults';
export { authenticate, userOf, anonymousUser, ANONYMOUS_USER, AUTHENTICATED_GROUP, UNAUTHENTICATED_GROUP } from './authenticate';
export { authorize, forbiddenStatus, forbiddenMessage, rulesOf } from './authorize';
export { impersonate, type HeaderValue } from './impersonate';
export { reviewSelfSubjectAccess, reviewSelfSubjectRules, reviewSelfSubject, accessReviewAttributes } from './reviews';
export { requestAttributes } from './request-attributes';

import { statusError } from '../../k8s/status';
import type { Status } from '../../k8s/types/meta';

/** The 401 body of a request without valid credentials. */
export function unauthorizedStatus(): Status {
  return statusError.unauthorized();
}
