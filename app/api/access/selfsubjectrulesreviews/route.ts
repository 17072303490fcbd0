import { accessReviews } from '../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** POST — a SelfSubjectRulesReview: everything the current identity may do in a namespace. */
export const POST = apiRoute({
  validate: () => ({}),
  body: 'json',
  notAWrite: true,
  act: async ({ identity, body }) => relay(await accessReviews.selfSubjectRules(identity.kubeConfig, body!)),
});

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
