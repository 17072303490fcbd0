import { optionalNamespace } from '../../../lib/server/names';
import { apiRoute, methodNotAllowed } from '../../../lib/server/route';
import { serviceRowsResponse, wantsRowStream } from '../../../lib/server/service-rows';

export const dynamic = 'force-dynamic';

/**
 * GET /api/service-rows[?namespace=ns] — the Service list's projection: a ServiceList whose items
 * carry only what the list shows (lib/service-list/projection.ts). The detail page reads whole
 * objects from /api/namespaces/<ns>/services/<name>. With `Accept: text/x-ndjson` the rows come
 * as a stream of chunks from the API server's first page on (lib/service-list/row-stream.ts).
 */
export const GET = apiRoute({
  validate: (_p, url) => ({ namespace: optionalNamespace(url) }),
  act: async ({ input, identity, signal, headers }) => serviceRowsResponse(identity, input.namespace, signal, wantsRowStream(headers.get('accept'))),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
