import { namespaces } from '../../../lib/server/operations';
import { apiRoute, relay } from '../../../lib/server/route';

export const dynamic = 'force-dynamic';

/** GET /api/namespaces — the NamespaceList. */
export const GET = apiRoute({
  validate: () => ({}),
  act: async ({ identity, signal }) => relay(await namespaces.list(identity.kubeConfig, signal)),
});
