import 'server-only';
import { clusterConfig } from './kubeconfig';
import { readText, upstream } from './upstream';

/**
 * /healthz, /readyz and /metrics: for kubelet probes and Prometheus, which send `Host: <pod IP>:<port>`
 * (proxy.ts lets PROBE_PATHS through without the Host allowlist, GET/HEAD only). None of them carries
 * cluster data: liveness is "the process serves HTTP", readiness says whether the API server answers.
 */
export const PROBE_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } as const;

const READY_TIMEOUT_MS = 2000;

/** Whether the API server answers GET /readyz with 200 within 2 s (with Porthole's own credentials). */
export async function upstreamReady(): Promise<{ ready: boolean; detail: string }> {
  try {
    const res = await upstream(clusterConfig().kubeConfig, { method: 'GET', path: '/readyz', accept: 'text/plain', signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    await readText(res.body);
    return res.status === 200 ? { ready: true, detail: 'ok' } : { ready: false, detail: `the API server answered /readyz with ${res.status}` };
  } catch (err) {
    const timedOut = (err as { name?: string }).name === 'AbortError' || (err as { name?: string }).name === 'TimeoutError';
    // The answer goes to anyone who can reach the pod: no server address or error text in it (the log has them).
    if (!timedOut) console.error('[porthole] /readyz: the API server is unreachable:', err instanceof Error ? err.message : String(err));
    return { ready: false, detail: timedOut ? `the API server did not answer within ${READY_TIMEOUT_MS / 1000}s` : 'the API server is unreachable' };
  }
}
