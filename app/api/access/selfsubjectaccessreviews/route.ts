import { readOnlyReviewAnswer } from '../../../../lib/server/access';
import { API_CACHE_CONTROL } from '../../../../lib/server/errors';
import { accessReviews } from '../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/**
 * POST — a SelfSubjectAccessReview ("can I delete this Service?") answered by the API server. In
 * read-only mode Porthole answers a write verb itself: not allowed, with the reason, so every control
 * gated on a review is disabled and says why.
 */
export const POST = apiRoute({
  validate: () => ({}),
  body: 'json',
  notAWrite: true,
  act: async ({ identity, body }) => {
    const readOnly = readOnlyReviewAnswer(JSON.parse(body!.toString('utf8')));
    if (readOnly) return Response.json(readOnly, { status: 201, headers: { 'Cache-Control': API_CACHE_CONTROL } });
    return relay(await accessReviews.selfSubjectAccess(identity.kubeConfig, body!));
  },
});

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
