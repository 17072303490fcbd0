import { nodes } from '../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET /api/nodes — the NodeList. */
export const GET = apiRoute({
  validate: () => ({}),
  act: async ({ identity, signal, gzip }) => relay(await nodes.list(identity.kubeConfig, { signal, gzip })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
