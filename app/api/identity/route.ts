import { statusError } from '../../../lib/k8s/status';
import { readOnlyMode } from '../../../lib/read-only';
import { clusterInfo } from '../../../lib/server/cluster-info';
import { API_CACHE_CONTROL, RequestError } from '../../../lib/server/errors';
import { IDENTITY_COOKIE } from '../../../lib/server/identity';
import { identityContexts, clusterConfig } from '../../../lib/server/kubeconfig';
import { apiRoute, methodNotAllowed } from '../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — the cluster, the identity this browser acts as (context names only, never credentials) and whether Porthole runs read-only. */
export async function GET(request: Request): Promise<Response> {
  return Response.json({ ...clusterInfo(request.headers), readOnly: readOnlyMode() }, { headers: { 'Cache-Control': API_CACHE_CONTROL } });
}

/** POST {"context": "<name>"} — act as another context of the same cluster (stored in a cookie). */
export const POST = apiRoute({
  validate: () => ({}),
  body: 'json',
  notAWrite: true,
  act: async ({ body }) => {
    const parsed: unknown = JSON.parse(body!.toString('utf8'));
    const context = typeof parsed === 'object' && parsed !== null ? (parsed as { context?: unknown }).context : undefined;
    if (typeof context !== 'string' || !identityContexts(clusterConfig()).includes(context)) {
      throw new RequestError(statusError.badRequest(`unknown context ${JSON.stringify(context)}`));
    }
    const cookie = `${IDENTITY_COOKIE}=${encodeURIComponent(context)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000`;
    return Response.json({ context }, { headers: { 'Set-Cookie': cookie, 'Cache-Control': API_CACHE_CONTROL } });
  },
});

export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
