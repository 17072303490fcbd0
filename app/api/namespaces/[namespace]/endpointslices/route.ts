import { requireName, requireNamespace } from '../../../../../lib/server/names';
import { endpointSlices } from '../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — EndpointSlices of the namespace; `?service=<name>` narrows to one Service's slices. */
export const GET = apiRoute({
  validate: (p, url) => {
    const service = url.searchParams.get('service');
    return { namespace: requireNamespace(p.namespace), serviceName: service === null ? undefined : requireName(service) };
  },
  act: async ({ input, identity, signal, gzip }) => relay(await endpointSlices.list(identity.kubeConfig, { ...input, signal, gzip })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
