import type { DeletedService } from '../../../../../../lib/service-history/history-types';
import { API_CACHE_CONTROL } from '../../../../../../lib/server/errors';
import { requireHistoryStore, requireServiceRead } from '../../../../../../lib/server/history/read-access';
import { requireNamespace } from '../../../../../../lib/server/names';
import { apiRoute, methodNotAllowed } from '../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — the namespace's Services whose last recorded version is a deletion, newest first (needs `list services` there). */
export const GET = apiRoute({
  validate: (p) => ({ namespace: requireNamespace(p.namespace) }),
  act: async ({ input, identity }) => {
    const store = requireHistoryStore();
    await requireServiceRead(identity, 'list', input.namespace);
    const cluster = identity.cluster.clusterName;
    const since = store.recordedSinceMs(cluster);
    const body: { recordedSince: string; items: DeletedService[] } = {
      recordedSince: since === undefined ? '' : new Date(since).toISOString(),
      items: store.deleted(cluster, input.namespace),
    };
    return Response.json(body, { headers: { 'Cache-Control': API_CACHE_CONTROL } });
  },
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
