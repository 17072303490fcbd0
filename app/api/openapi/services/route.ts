import { openApi } from '../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — the cluster's OpenAPI v3 document for core/v1 (defines io.k8s.api.core.v1.Service). */
export const GET = apiRoute({
  validate: () => ({}),
  act: async ({ identity, signal }) => relay(await openApi.coreV1(identity.kubeConfig, signal)),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
