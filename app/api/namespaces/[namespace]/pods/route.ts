import { statusError } from '../../../../../lib/k8s/status';
import { RequestError } from '../../../../../lib/server/errors';
import { requireNamespace } from '../../../../../lib/server/names';
import { pods } from '../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — pods of the namespace; `?labelSelector=` (e.g. a Service's selector) narrows them. */
export const GET = apiRoute({
  validate: (p, url) => {
    const labelSelector = url.searchParams.get('labelSelector') ?? undefined;
    if (labelSelector !== undefined && labelSelector.length > 4096) throw new RequestError(statusError.badRequest('labelSelector is too long'));
    return { namespace: requireNamespace(p.namespace), labelSelector };
  },
  act: async ({ input, identity, signal, gzip }) => relay(await pods.list(identity.kubeConfig, { ...input, signal, gzip })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
