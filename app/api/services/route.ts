import { optionalNamespace } from '../../../lib/server/names';
import { services } from '../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET /api/services[?namespace=ns] — the ServiceList (all namespaces unless narrowed). */
export const GET = apiRoute({
  validate: (_p, url) => ({ namespace: optionalNamespace(url) }),
  act: async ({ input, identity, signal, gzip }) => relay(await services.list(identity.kubeConfig, { namespace: input.namespace, signal, gzip })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
