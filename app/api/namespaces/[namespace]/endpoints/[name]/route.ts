import { requireName, requireNamespace } from '../../../../../../lib/server/names';
import { endpoints } from '../../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — the legacy Endpoints object of one Service. */
export const GET = apiRoute({
  validate: (p) => ({ namespace: requireNamespace(p.namespace), name: requireName(p.name) }),
  act: async ({ input, identity, signal }) => relay(await endpoints.get(identity.kubeConfig, input.namespace, input.name, signal)),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
