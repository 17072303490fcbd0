import type { SelfSubjectAccessReview } from '../../../../lib/k8s/types';
import { READ_ONLY_REASON, WRITE_VERBS, readOnlyMode } from '../../../../lib/read-only';
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
    if (readOnlyMode()) {
      const review = JSON.parse(body!.toString('utf8')) as SelfSubjectAccessReview;
      const verb = review.spec?.resourceAttributes?.verb ?? review.spec?.nonResourceAttributes?.verb;
      if (verb !== undefined && WRITE_VERBS.has(verb)) {
        const answer: SelfSubjectAccessReview = {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SelfSubjectAccessReview',
          metadata: {},
          spec: review.spec ?? {},
          status: { allowed: false, denied: true, reason: READ_ONLY_REASON },
        };
        return Response.json(answer, { status: 201, headers: { 'Cache-Control': API_CACHE_CONTROL } });
      }
    }
    return relay(await accessReviews.selfSubjectAccess(identity.kubeConfig, body!));
  },
});

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
