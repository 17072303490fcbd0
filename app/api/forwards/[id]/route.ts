import { failure } from '../../../../lib/k8s/status';
import { RequestError } from '../../../../lib/server/errors';
import { stopForward } from '../../../../lib/server/reach/forwards';
import { apiRoute, methodNotAllowed } from '../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** DELETE — stop one of the identity's forwards (it changes nothing in the cluster: allowed in read-only mode). */
export const DELETE = apiRoute({
  validate: (p) => ({ id: p.id ?? '' }),
  notAWrite: true,
  act: async ({ input, identity }) => {
    const stopped = stopForward(identity, input.id);
    if (!stopped) throw new RequestError(failure(404, 'NotFound', `port forward "${input.id.slice(0, 64)}" not found`));
    return Response.json(stopped, { headers: { 'Cache-Control': 'no-store' } });
  },
});

export const GET = methodNotAllowed;
export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
