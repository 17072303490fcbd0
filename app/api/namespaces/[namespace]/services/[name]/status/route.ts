import { requireName, requireNamespace } from '../../../../../../../lib/server/names';
import { services } from '../../../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — the Service's status subresource. */
export const GET = apiRoute({
  validate: (p) => ({ namespace: requireNamespace(p.namespace), name: requireName(p.name) }),
  act: async ({ input, identity, signal }) => relay(await services.getStatus(identity.kubeConfig, input.namespace, input.name, signal)),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
