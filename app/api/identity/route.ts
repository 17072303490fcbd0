import { failure, statusError } from '../../../lib/k8s/status';
import { readOnlyMode } from '../../../lib/read-only';
import { clusterInfo } from '../../../lib/server/cluster-info';
import { API_CACHE_CONTROL, RequestError, statusResponse } from '../../../lib/server/errors';
import { IDENTITY_COOKIE, withChosenContext } from '../../../lib/server/identity';
import { identityContexts } from '../../../lib/server/kubeconfig';
import { apiRoute, clusterParam, methodNotAllowed } from '../../../lib/server/route';
import { readCookie } from '../../../lib/server/session';

export const dynamic = 'force-dynamic';

/** GET — the cluster, the identity this browser acts as (context names only, never credentials) and whether Porthole runs read-only. */
export async function GET(request: Request): Promise<Response> {
  const info = clusterInfo(request.headers, clusterParam(new URL(request.url)));
  if (!info.ok && info.unknownCluster) return statusResponse(failure(404, 'NotFound', info.error));
  return Response.json({ ...info, readOnly: readOnlyMode() }, { headers: { 'Cache-Control': API_CACHE_CONTROL } });
}

/** POST {"context": "<name>"} — act as another context of the same cluster (stored in a cookie, one choice per cluster). */
export const POST = apiRoute({
  validate: () => ({}),
  body: 'json',
  notAWrite: true,
  act: async ({ body, identity, headers }) => {
    const parsed: unknown = JSON.parse(body!.toString('utf8'));
    const context = typeof parsed === 'object' && parsed !== null ? (parsed as { context?: unknown }).context : undefined;
    if (typeof context !== 'string' || !identityContexts(identity.cluster).includes(context)) {
      throw new RequestError(statusError.badRequest(`unknown context ${JSON.stringify(context)}`));
    }
    const chosen = withChosenContext(readCookie(headers.get('cookie'), IDENTITY_COOKIE), identity.cluster, context);
    const cookie = `${IDENTITY_COOKIE}=${encodeURIComponent(chosen)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000`;
    return Response.json({ context }, { headers: { 'Set-Cookie': cookie, 'Cache-Control': API_CACHE_CONTROL } });
  },
});

export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
