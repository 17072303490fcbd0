import { statusError } from '../../../../../../../../../lib/k8s/status';
import { API_CACHE_CONTROL, RequestError } from '../../../../../../../../../lib/server/errors';
import { requireHistoryStore, requireServiceRead } from '../../../../../../../../../lib/server/history/read-access';
import { requireName, requireNamespace } from '../../../../../../../../../lib/server/names';
import { apiRoute, methodNotAllowed } from '../../../../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — one recorded version of a Service: its entry and the whole object as observed. */
export const GET = apiRoute({
  validate: (p) => {
    if (!/^\d{1,15}$/.test(p.id ?? '')) throw new RequestError(statusError.badRequest('the version id must be a whole number'));
    return { namespace: requireNamespace(p.namespace), name: requireName(p.name), id: Number(p.id) };
  },
  act: async ({ input, identity }) => {
    const store = requireHistoryStore();
    await requireServiceRead(identity, 'get', input.namespace, input.name);
    const version = store.version(identity.cluster.clusterName, input.namespace, input.name, input.id);
    if (!version) throw new RequestError(statusError.notFound({ group: '', resource: 'versions' }, String(input.id)));
    return Response.json(version, { headers: { 'Cache-Control': API_CACHE_CONTROL } });
  },
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
