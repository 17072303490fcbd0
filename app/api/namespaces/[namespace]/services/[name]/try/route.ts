import { requireName, requireNamespace } from '../../../../../../../lib/server/names';
import { tryItResponse } from '../../../../../../../lib/server/reach/try-run';
import { parseTryRequest } from '../../../../../../../lib/server/reach/try-request';
import { apiRoute, methodNotAllowed } from '../../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/**
 * POST — Try it: the request in the body sent to every ready endpoint of the Service through a
 * port-forward as the user; NDJSON lines (lib/reach/wire.ts) as each endpoint answers.
 */
export const POST = apiRoute({
  validate: (p) => ({ namespace: requireNamespace(p.namespace), name: requireName(p.name) }),
  body: 'json',
  act: async ({ input, identity, body, signal }) => tryItResponse(identity, input.namespace, input.name, parseTryRequest(JSON.parse(body!.toString('utf8'))), signal),
});

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
