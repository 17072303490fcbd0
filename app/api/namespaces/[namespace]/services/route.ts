import { requireNamespace } from '../../../../../lib/server/names';
import { services, writeOptionsFrom } from '../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET — the namespace's ServiceList. */
export const GET = apiRoute({
  validate: (p) => ({ namespace: requireNamespace(p.namespace) }),
  act: async ({ input, identity, signal, gzip }) => relay(await services.list(identity.kubeConfig, { namespace: input.namespace, signal, gzip })),
});

/** POST — create a Service (`?dryRun=All`, `?fieldValidation=`, `?fieldManager=`). */
export const POST = apiRoute({
  validate: (p, url) => ({ namespace: requireNamespace(p.namespace), opts: writeOptionsFrom(url) }),
  body: 'json',
  act: async ({ input, identity, body }) => relay(await services.create(identity.kubeConfig, input.namespace, body!, input.opts)),
});

export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
