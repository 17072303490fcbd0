import { requireNamespace } from '../../../../../lib/server/names';
import { endpoints } from '../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — legacy Endpoints of the namespace. */
export const GET = apiRoute({
  validate: (p) => ({ namespace: requireNamespace(p.namespace) }),
  act: async ({ input, identity, signal, gzip }) => relay(await endpoints.list(identity.kubeConfig, { namespace: input.namespace, signal, gzip })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
