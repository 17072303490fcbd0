import { API_CACHE_CONTROL } from '../../../lib/server/errors';
import { clusterSummaries } from '../../../lib/server/cluster-reachability';
import { apiRoute, methodNotAllowed } from '../../../lib/server/route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/clusters — every cluster Porthole knows (name, API server host, source, which is the
 * default) and whether it answers, each probed in parallel with a short timeout and cached a few
 * seconds (lib/server/cluster-reachability.ts). Names only, never credentials.
 */
export const GET = apiRoute({
  validate: () => ({}),
  act: async () => Response.json({ clusters: await clusterSummaries() }, { headers: { 'Cache-Control': API_CACHE_CONTROL } }),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
