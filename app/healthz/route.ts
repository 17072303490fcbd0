import { PROBE_HEADERS } from '../../lib/server/probes';

export const dynamic = 'force-dynamic';

/** GET /healthz — liveness: the server process answers HTTP. Asks nothing of the cluster. */
export function GET(): Response {
  return new Response('ok\n', { headers: PROBE_HEADERS });
}
