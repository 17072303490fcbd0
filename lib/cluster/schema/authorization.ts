/** authorization.k8s.io/v1 SelfSubjectAccessReview and SelfSubjectRulesReview. */
import { anyValue, atomicList, bool, field, named, str, strings } from './builders';
import { kindSchema } from './meta';

const AUTHZ = 'io.k8s.api.authorization.v1';

export const resourceAttributesSchema = named(`${AUTHZ}.ResourceAttributes`, 'A request on an API resource, to be checked.', {
  namespace: str('The namespace of the request; empty means all namespaces (or a cluster-scoped resource).'),
  verb: str('The verb: get, list, watch, create, update, patch, delete, deletecollection, or `*` for all.'),
  group: str('The API group of the resource; empty for the core group, `*` for all.'),
  version: str('The API version of the resource; `*` for all.'),
  resource: str('The resource, e.g. `services`; `*` for all.'),
  subresource: str('The subresource, e.g. `status`; empty for the main resource.'),
  name: str('The name of the object; empty means any (as for list and create).'),
  fieldSelector: anyValue('A field selector limiting a list or watch (`rawSelector` or `requirements`); not used by the rules here.'),
  labelSelector: anyValue('A label selector limiting a list or watch (`rawSelector` or `requirements`); not used by the rules here.'),
});

export const nonResourceAttributesSchema = named(
  `${AUTHZ}.NonResourceAttributes`,
  'A request on a path that is not a resource, to be checked.',
  {
    path: str('The URL path, e.g. `/healthz`.'),
    verb: str('The HTTP verb in lower case, e.g. `get`.'),
  },
);

export const selfSubjectAccessReviewSpecSchema = named(
  `${AUTHZ}.SelfSubjectAccessReviewSpec`,
  'The request to check. Exactly one of resourceAttributes and nonResourceAttributes must be set.',
  {
    resourceAttributes: field(resourceAttributesSchema, 'A request on a resource.'),
    nonResourceAttributes: field(nonResourceAttributesSchema, 'A request on a non-resource path.'),
  },
);

export const subjectAccessReviewStatusSchema = named(
  `${AUTHZ}.SubjectAccessReviewStatus`,
  'The answer of an access review.',
  {
    allowed: bool('Whether the request would be allowed.'),
    denied: bool('Whether the request would be explicitly denied. Both allowed and denied false means no opinion.'),
    reason: str('Why it would be allowed or denied.'),
    evaluationError: str('Set when some rules could not be evaluated; the answer may then be incomplete.'),
  },
  { required: ['allowed'] },
);

export const selfSubjectAccessReviewSchema = kindSchema(
  `${AUTHZ}.SelfSubjectAccessReview`,
  'Asks whether the current user may perform an action. Answered from the same rules that authorize requests; nothing is stored.',
  { group: 'authorization.k8s.io', version: 'v1', kind: 'SelfSubjectAccessReview' },
  {
    spec: field(selfSubjectAccessReviewSpecSchema, 'The action to check.'),
    status: field(subjectAccessReviewStatusSchema, 'The answer, filled in by the server.'),
  },
  ['spec'],
);

export const resourceRuleSchema = named(
  `${AUTHZ}.ResourceRule`,
  'Actions allowed on resources. `*` in a list means all.',
  {
    verbs: strings('The allowed verbs.'),
    apiGroups: strings('The API groups the rule applies to; `""` is the core group.'),
    resources: strings('The resources, optionally with a subresource (`services/status`).'),
    resourceNames: strings('The object names the rule is limited to; empty means all.'),
  },
  { required: ['verbs'] },
);

export const nonResourceRuleSchema = named(
  `${AUTHZ}.NonResourceRule`,
  'Actions allowed on non-resource paths.',
  {
    verbs: strings('The allowed HTTP verbs in lower case.'),
    nonResourceURLs: strings('The paths; a trailing `*` matches any suffix.'),
  },
  { required: ['verbs'] },
);

export const selfSubjectRulesReviewSpecSchema = named(`${AUTHZ}.SelfSubjectRulesReviewSpec`, 'What to list.', {
  namespace: str('The namespace whose rules are listed.'),
});

export const subjectRulesReviewStatusSchema = named(
  `${AUTHZ}.SubjectRulesReviewStatus`,
  'The actions the user may perform in a namespace.',
  {
    resourceRules: atomicList(resourceRuleSchema, 'Allowed actions on resources.'),
    nonResourceRules: atomicList(nonResourceRuleSchema, 'Allowed actions on non-resource paths.'),
    incomplete: bool('True when the list may miss rules (some authorizer cannot enumerate them).'),
    evaluationError: str('Set when some rules could not be evaluated.'),
  },
  { required: ['resourceRules', 'nonResourceRules', 'incomplete'] },
);

export const selfSubjectRulesReviewSchema = kindSchema(
  `${AUTHZ}.SelfSubjectRulesReview`,
  'Lists what the current user may do in a namespace (`kubectl auth can-i --list`). Nothing is stored.',
  { group: 'authorization.k8s.io', version: 'v1', kind: 'SelfSubjectRulesReview' },
  {
    spec: field(selfSubjectRulesReviewSpecSchema, 'What to list.'),
    status: field(subjectRulesReviewStatusSchema, 'The answer, filled in by the server.'),
  },
  ['spec'],
);
