import type { ServiceHistory } from '../../../../../../../lib/service-history/history-types';
import { statusError } from '../../../../../../../lib/k8s/status';
import { API_CACHE_CONTROL, RequestError } from '../../../../../../../lib/server/errors';
import { requireHistoryStore, requireServiceRead } from '../../../../../../../lib/server/history/read-access';
import { requireName, requireNamespace } from '../../../../../../../lib/server/names';
import { apiRoute, methodNotAllowed } from '../../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

const MAX_LIMIT = 1000;

function positiveInt(value: string | null, what: string): number | undefined {
  if (value === null) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) throw new RequestError(statusError.badRequest(`${what} must be a positive whole number`));
  return n;
}

/** GET — a Service's recorded versions, newest first (`?limit=`, default 200, max 1000; `?before={id}` for older ones). */
export const GET = apiRoute({
  validate: (p, url) => ({
    namespace: requireNamespace(p.namespace),
    name: requireName(p.name),
    limit: Math.min(positiveInt(url.searchParams.get('limit'), 'limit') ?? 200, MAX_LIMIT),
    before: positiveInt(url.searchParams.get('before'), 'before'),
  }),
  act: async ({ input, identity }) => {
    const store = requireHistoryStore();
    await requireServiceRead(identity, 'get', input.namespace, input.name);
    const cluster = identity.cluster.clusterName;
    const since = store.recordedSinceMs(cluster);
    const body: ServiceHistory = {
      cluster,
      recordedSince: since === undefined ? '' : new Date(since).toISOString(),
      entries: store.entries(cluster, input.namespace, input.name, input.limit, input.before),
    };
    return Response.json(body, { headers: { 'Cache-Control': API_CACHE_CONTROL } });
  },
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
