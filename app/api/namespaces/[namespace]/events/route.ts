import { statusError } from '../../../../../lib/k8s/status';
import { RequestError } from '../../../../../lib/server/errors';
import { requireNamespace } from '../../../../../lib/server/names';
import { events, type InvolvedObject } from '../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

const KIND = /^[A-Za-z][A-Za-z0-9]{0,62}$/;
const NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
const UID = /^[0-9a-fA-F-]{1,64}$/;

/** GET — events of the namespace, optionally about one object: `?kind=Service&name=web&uid=...`. */
export const GET = apiRoute({
  validate: (p, url) => {
    const involved: InvolvedObject = {};
    const checks: [keyof InvolvedObject, RegExp][] = [['kind', KIND], ['name', NAME], ['uid', UID]];
    for (const [key, re] of checks) {
      const v = url.searchParams.get(key);
      if (v === null) continue;
      if (!re.test(v)) throw new RequestError(statusError.badRequest(`invalid ${key} "${v}"`));
      involved[key] = v;
    }
    return { namespace: requireNamespace(p.namespace), involved };
  },
  act: async ({ input, identity, signal }) => relay(await events.list(identity.kubeConfig, { ...input, signal })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
