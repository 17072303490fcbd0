import { requireName, requireNamespace } from '../../../../../../../lib/server/names';
import { openForward } from '../../../../../../../lib/server/reach/forwards';
import { parseForwardRequest } from '../../../../../../../lib/server/reach/forward-request';
import { requireLocalForwards, requirePortForward } from '../../../../../../../lib/server/reach/service-backends';
import { userPhrase } from '../../../../../../../lib/server/reach/try-run';
import { apiRoute, methodNotAllowed } from '../../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** POST — open 127.0.0.1:PORT forwarding to a ready pod of the Service (`kubectl port-forward svc/NAME`), as the user. */
export const POST = apiRoute({
  validate: (p) => ({ namespace: requireNamespace(p.namespace), name: requireName(p.name) }),
  body: 'optionalJson',
  act: async ({ input, identity, body }) => {
    requireLocalForwards();
    const req = parseForwardRequest(body ? JSON.parse(body.toString('utf8')) : {});
    await requirePortForward(identity.kubeConfig, input.namespace, await userPhrase(identity));
    const view = await openForward(identity, input.namespace, input.name, req.port, req.localPort ?? 0);
    return Response.json(view, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
