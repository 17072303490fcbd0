import { renderMetrics } from '../../lib/server/metrics';

export const dynamic = 'force-dynamic';

/** GET /metrics — Prometheus text exposition format 0.0.4 (lib/server/metrics.ts lists the metrics). */
export function GET(): Response {
  return new Response(renderMetrics(), { headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' } });
}
