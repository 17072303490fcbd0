/** POST selfsubjectaccessreviews, selfsubjectrulesreviews (authorization.k8s.io) and selfsubjectreviews (authentication.k8s.io). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { statusError } from '../../k8s/status';
import { reviewSelfSubject, reviewSelfSubjectAccess, reviewSelfSubjectRules, type Identity, type User } from '../auth';
import type { SelfSubjectAccessReview, SelfSubjectReview, SelfSubjectRulesReview } from '../../k8s/types/authorization';
import { ApiError } from '../errors/api-error';
import { checkTypeMeta, decodeObject } from '../rest/decode';
import { readBodyBytes } from './body';
import { isProtobufContentType } from '../schema/protobuf';
import { decodeProtobufBody } from './decode-request';
import type { ResourceRequestInfo } from './request-info';
import { sendJson } from './respond';

const REVIEWS: Record<string, { group: string; kind: string }> = {
  selfsubjectaccessreviews: { group: 'authorization.k8s.io', kind: 'SelfSubjectAccessReview' },
  selfsubjectrulesreviews: { group: 'authorization.k8s.io', kind: 'SelfSubjectRulesReview' },
  selfsubjectreviews: { group: 'authentication.k8s.io', kind: 'SelfSubjectReview' },
};

export function isReviewRequest(info: ResourceRequestInfo): boolean {
  const r = REVIEWS[info.resource];
  return !!r && r.group === info.apiGroup && info.apiVersion === 'v1';
}

export async function handleReview(identities: Identity[], user: User, info: ResourceRequestInfo, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const review = REVIEWS[info.resource];
  if (info.verb !== 'create' || info.name || info.namespace) {
    throw new ApiError(statusError.methodNotAllowed('the server does not allow this method on the requested resource'));
  }
  const bytes = await readBodyBytes(req);
  const contentType = req.headers['content-type'];
  const apiVersion = `${review.group}/v1`;
  const expected = { kind: review.kind, apiVersion };
  let object;
  if (isProtobufContentType(contentType)) {
    object = checkTypeMeta(decodeProtobufBody(bytes, review.kind, apiVersion), expected);
  } else {
    object = decodeObject(bytes.toString('utf8'), contentType, expected).object;
  }
  let result: unknown;
  if (info.resource === 'selfsubjectaccessreviews') result = reviewSelfSubjectAccess(identities, user, object as unknown as SelfSubjectAccessReview);
  else if (info.resource === 'selfsubjectrulesreviews') result = reviewSelfSubjectRules(identities, user, object as unknown as SelfSubjectRulesReview);
  else result = reviewSelfSubject(user, object as unknown as SelfSubjectReview);
  sendJson(req, res, 201, result);
}
