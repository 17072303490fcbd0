/**
 * The self reviews, answered from the same rules as every request: SelfSubjectAccessReview
 * (`kubectl auth can-i`), SelfSubjectRulesReview (`kubectl auth can-i --list`) and SelfSubjectReview
 * (`kubectl auth whoami`). Nothing is stored; the answers echo the spec with the status filled in.
 */
import { fieldError, FieldPath, type FieldError } from '../../k8s/field-errors';
import type {
  NonResourceRule,
  ResourceRule,
  SelfSubjectAccessReview,
  SelfSubjectReview,
  SelfSubjectRulesReview,
} from '../../k8s/types/authorization';
import type { ObjectMeta } from '../../k8s/types/meta';
import { ApiError } from '../errors/api-error';
import { authorize, rulesOf } from './authorize';
import { ruleAppliesIn } from './rules';
import type { Identity, RequestAttributes, User } from './types';

const AUTHZ = 'authorization.k8s.io';
const AUTHN = 'authentication.k8s.io';

/** Reviews are never stored: their metadata comes back as sent, without server-set fields. */
function reviewMeta(meta: ObjectMeta | undefined): ObjectMeta {
  return { ...(meta ?? {}) };
}

function validateAccessReview(review: SelfSubjectAccessReview): FieldError[] {
  const spec = FieldPath.root('spec');
  const r = review.spec?.resourceAttributes;
  const n = review.spec?.nonResourceAttributes;
  if (r && n) return [fieldError.invalid(spec.child('nonResourceAttributes'), n, 'cannot be specified in combination with resourceAttributes')];
  if (!r && !n) {
    return [fieldError.invalid(spec.child('resourceAttributes'), null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified')];
  }
  return [];
}

/** The request attributes a SelfSubjectAccessReview asks about. */
export function accessReviewAttributes(review: SelfSubjectAccessReview): RequestAttributes {
  const r = review.spec.resourceAttributes;
  if (r) {
    return {
      verb: r.verb ?? '',
      apiGroup: r.group ?? '',
      apiVersion: r.version,
      resource: r.resource ?? '',
      subresource: r.subresource || undefined,
      namespace: r.namespace || undefined,
      name: r.name || undefined,
    };
  }
  const n = review.spec.nonResourceAttributes ?? {};
  return { verb: n.verb ?? '', path: n.path ?? '' };
}

/** `POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews`. Throws ApiError 422 on a bad spec. */
export function reviewSelfSubjectAccess(
  identities: readonly Identity[],
  user: User,
  review: SelfSubjectAccessReview,
): SelfSubjectAccessReview {
  const errors = validateAccessReview(review);
  if (errors.length) throw ApiError.invalid('SelfSubjectAccessReview', AUTHZ, review.metadata?.name ?? '', errors);
  const attrs = accessReviewAttributes(review);
  const decision = authorize(identities, user, attrs);
  const status: NonNullable<SelfSubjectAccessReview['status']> = { allowed: decision.allowed };
  if (decision.reason) status.reason = decision.reason;
  return { kind: 'SelfSubjectAccessReview', apiVersion: `${AUTHZ}/v1`, metadata: reviewMeta(review.metadata), spec: review.spec, status };
}

/** `POST /apis/authorization.k8s.io/v1/selfsubjectrulesreviews`: the rules that apply in spec.namespace. */
export function reviewSelfSubjectRules(
  identities: readonly Identity[],
  user: User,
  review: SelfSubjectRulesReview,
): SelfSubjectRulesReview {
  const namespace = review.spec?.namespace ?? '';
  const resourceRules: ResourceRule[] = [];
  const nonResourceRules: NonResourceRule[] = [];
  for (const { rule } of rulesOf(identities, user)) {
    if (!ruleAppliesIn(rule, namespace)) continue;
    if (rule.nonResourceURLs?.length) {
      nonResourceRules.push({ verbs: [...rule.verbs], nonResourceURLs: [...rule.nonResourceURLs] });
      continue;
    }
    const r: ResourceRule = { verbs: [...rule.verbs] };
    if (rule.apiGroups) r.apiGroups = [...rule.apiGroups];
    if (rule.resources) r.resources = [...rule.resources];
    if (rule.resourceNames?.length) r.resourceNames = [...rule.resourceNames];
    resourceRules.push(r);
  }
  return {
    kind: 'SelfSubjectRulesReview',
    apiVersion: `${AUTHZ}/v1`,
    metadata: reviewMeta(review.metadata),
    spec: { ...(review.spec ?? {}) },
    status: { resourceRules, nonResourceRules, incomplete: false },
  };
}

/** `POST /apis/authentication.k8s.io/v1/selfsubjectreviews`: who the server thinks you are. */
export function reviewSelfSubject(user: User, review?: SelfSubjectReview): SelfSubjectReview {
  const userInfo: NonNullable<NonNullable<SelfSubjectReview['status']>['userInfo']> = { username: user.username };
  if (user.uid) userInfo.uid = user.uid;
  userInfo.groups = [...user.groups];
  return { kind: 'SelfSubjectReview', apiVersion: `${AUTHN}/v1`, metadata: reviewMeta(review?.metadata), status: { userInfo } };
}
