import { PROBE_HEADERS, upstreamReady } from '../../lib/server/probes';

export const dynamic = 'force-dynamic';

/** GET /readyz — readiness: 200 when the Kubernetes API server answers its own /readyz within 2 s, else 503. */
export async function GET(): Promise<Response> {
  const { ready, detail } = await upstreamReady();
  return new Response(`${detail}\n`, { status: ready ? 200 : 503, headers: PROBE_HEADERS });
}
