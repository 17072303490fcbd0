import { statusError } from '../../../../../lib/k8s/status';
import { RequestError } from '../../../../../lib/server/errors';
import { isObjectName, requireNamespace } from '../../../../../lib/server/names';
import { events, type InvolvedObject } from '../../../../../lib/server/operations';
import { apiRoute, relay, methodNotAllowed } from '../../../../../lib/server/route';

export const dynamic = 'force-dynamic';

const KIND = /^[A-Za-z][A-Za-z0-9]{0,62}$/;
const UID = /^[0-9a-fA-F-]{1,64}$/;
const matches = (re: RegExp) => (v: string): boolean => re.test(v);

/** GET — events of the namespace, optionally about one object: `?kind=Service&name=web&uid=...`. */
export const GET = apiRoute({
  validate: (p, url) => {
    const involved: InvolvedObject = {};
    const checks: [keyof InvolvedObject, (v: string) => boolean][] = [['kind', matches(KIND)], ['name', isObjectName], ['uid', matches(UID)]];
    for (const [key, valid] of checks) {
      const v = url.searchParams.get(key);
      if (v === null) continue;
      if (!valid(v)) throw new RequestError(statusError.badRequest(`invalid ${key} "${v}"`));
      involved[key] = v;
    }
    return { namespace: requireNamespace(p.namespace), involved };
  },
  act: async ({ input, identity, signal, gzip }) => relay(await events.list(identity.kubeConfig, { ...input, signal, gzip })),
});

export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
