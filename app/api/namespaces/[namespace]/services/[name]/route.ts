import { requireName, requireNamespace } from '../../../../../../lib/server/names';
import { services, writeOptionsFrom } from '../../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

const target = (p: Record<string, string>, url: URL) => ({
  namespace: requireNamespace(p.namespace),
  name: requireName(p.name),
  opts: writeOptionsFrom(url),
});

/** GET — one Service. */
export const GET = apiRoute({
  validate: target,
  act: async ({ input, identity, signal }) => relay(await services.get(identity.kubeConfig, input.namespace, input.name, signal)),
});

/** PUT — replace (optimistic concurrency through metadata.resourceVersion). */
export const PUT = apiRoute({
  validate: target,
  body: 'json',
  act: async ({ input, identity, body }) => relay(await services.replace(identity.kubeConfig, input.namespace, input.name, body!, input.opts)),
});

/** PATCH — JSON, merge, strategic merge or server-side apply patch, by Content-Type. */
export const PATCH = apiRoute({
  validate: target,
  body: 'patch',
  act: async ({ input, identity, body, contentType }) =>
    relay(await services.patch(identity.kubeConfig, input.namespace, input.name, body!, contentType!, input.opts)),
});

/** DELETE — optional DeleteOptions body (preconditions, propagationPolicy); `?dryRun=All`. */
export const DELETE = apiRoute({
  validate: target,
  body: 'optionalJson',
  act: async ({ input, identity, body }) => relay(await services.delete(identity.kubeConfig, input.namespace, input.name, body, input.opts)),
});

export const POST = methodNotAllowed;
