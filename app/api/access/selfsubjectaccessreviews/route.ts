import { accessReviews } from '../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** POST — a SelfSubjectAccessReview ("can I delete this Service?") answered by the API server. */
export const POST = apiRoute({
  validate: () => ({}),
  body: 'json',
  act: async ({ identity, body }) => relay(await accessReviews.selfSubjectAccess(identity.kubeConfig, body!)),
});

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
