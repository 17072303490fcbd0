/** authentication.k8s.io/v1 SelfSubjectReview (`kubectl auth whoami`). */
import { field, list, mapOf, named, str, strings } from './builders';
import { kindSchema } from './meta';

const AUTHN = 'io.k8s.api.authentication.v1';

export const userInfoSchema = named(`${AUTHN}.UserInfo`, 'Who a user is, as authentication found out.', {
  username: str('The name of the user.'),
  uid: str('A unique identifier of the user, when known.'),
  groups: strings('The groups the user belongs to.'),
  extra: mapOf(list({ type: 'string' }, ''), 'Extra facts the authenticator provided.'),
});

export const selfSubjectReviewStatusSchema = named(`${AUTHN}.SelfSubjectReviewStatus`, 'The answer of a SelfSubjectReview.', {
  userInfo: field(userInfoSchema, 'The user making the request.'),
});

export const selfSubjectReviewSchema = kindSchema(
  `${AUTHN}.SelfSubjectReview`,
  'Returns the user the server sees for the request (`kubectl auth whoami`). Nothing is stored.',
  { group: 'authentication.k8s.io', version: 'v1', kind: 'SelfSubjectReview' },
  {
    status: field(selfSubjectReviewStatusSchema, 'The user, filled in by the server.'),
  },
);
