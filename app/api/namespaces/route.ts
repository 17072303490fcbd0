import { namespaces } from '../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET /api/namespaces — the NamespaceList. */
export const GET = apiRoute({
  validate: () => ({}),
  act: async ({ identity, signal, gzip }) => relay(await namespaces.list(identity.kubeConfig, { signal, gzip })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
