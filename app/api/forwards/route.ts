import { listForwards } from '../../../lib/server/reach/forwards';
import { localForwardsAllowed } from '../../../lib/server/reach/service-backends';
import { apiRoute, methodNotAllowed } from '../../../lib/server/route';
import { FORWARD_NOT_ALLOWED_REASON, type ForwardList } from '../../../lib/reach/wire';

export const dynamic = 'force-dynamic';

/** GET — the signed-in identity's local port forwards, and whether this Porthole offers them at all. */
export const GET = apiRoute({
  validate: () => ({}),
  act: async ({ identity }) => {
    const allowed = localForwardsAllowed();
    const list: ForwardList = { allowed, ...(allowed ? {} : { reason: FORWARD_NOT_ALLOWED_REASON }), items: listForwards(identity) };
    return Response.json(list, { headers: { 'Cache-Control': 'no-store' } });
  },
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
