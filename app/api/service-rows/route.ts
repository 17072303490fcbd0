import { optionalNamespace } from '../../../lib/server/names';
import { apiRoute, methodNotAllowed } from '../../../lib/server/route';
import { serviceRowsResponse } from '../../../lib/server/service-rows';

export const dynamic = 'force-dynamic';

/**
 * GET /api/service-rows[?namespace=ns] — the Service list's projection: a ServiceList whose items
 * carry only what the list shows (lib/service-list/projection.ts). The detail page reads whole
 * objects from /api/namespaces/<ns>/services/<name>.
 */
export const GET = apiRoute({
  validate: (_p, url) => ({ namespace: optionalNamespace(url) }),
  act: async ({ input, identity, signal }) => serviceRowsResponse(identity, input.namespace, signal),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
