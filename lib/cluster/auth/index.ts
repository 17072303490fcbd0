/**
 * Identity and access of the embedded cluster: bearer tokens, RBAC-style rules, the 401/403 bodies
 * and the self reviews (`kubectl auth can-i`, `kubectl auth can-i --list`, `kubectl auth whoami`).
 */
export type { Identity, User, RequestAttributes } from './types';
export { loadIdentities, parseIdentities } from './load';
export { DEFAULT_TOKENS, defaultIdentities } from './defaults';
export { authenticate } from './authenticate';
export { authorize, forbiddenStatus } from './authorize';
export { impersonate } from './impersonate';
export { reviewSelfSubjectAccess, reviewSelfSubjectRules, reviewSelfSubject } from './reviews';
export { requestAttributes } from './request-attributes';
