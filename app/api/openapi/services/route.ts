import { apiRoute, methodNotAllowed } from '../../../../lib/server/route';
import { serviceOpenApiResponse } from '../../../../lib/server/service-openapi';

export const dynamic = 'force-dynamic';

/** GET — the Service's schemas from the cluster's OpenAPI v3 document for core/v1 (lib/server/service-openapi.ts). */
export const GET = apiRoute({
  validate: () => ({}),
  act: ({ identity, signal }) => serviceOpenApiResponse(identity, signal),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
