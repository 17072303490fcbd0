import 'server-only';
import type { TryLine, TryRequest, TryResult } from '../../reach/wire';
import { auditPortForward, subjectOf } from '../audit';
import { API_CACHE_CONTROL } from '../errors';
import type { RequestIdentity } from '../identity';
import { claimTrySlot, reachLimits } from './bounds';
import { requirePortForward, serviceBackends } from './service-backends';
import { reachEndpoints, targetPortHint } from './targets';
import { tryEndpoint } from './try-endpoint';

/** `User "viewer"`, as the API server names the identity in a refusal. */
export async function userPhrase(identity: RequestIdentity): Promise<string> {
  return `User "${(await subjectOf(identity)).user ?? identity.user?.name ?? identity.name}"`;
}

/**
 * Try it (issue 20): the user's request sent through a port-forward to each endpoint of the Service,
 * as the identity, answered as NDJSON (lib/reach/wire.ts TryLine) in the order endpoints answer.
 * The slot (bounds.ts) is held until the last endpoint answered or the client went away.
 */
export async function tryItResponse(identity: RequestIdentity, namespace: string, name: string, req: TryRequest, signal: AbortSignal): Promise<Response> {
  const release = claimTrySlot(identity.name);
  const kc = identity.kubeConfig;
  let backends: Awaited<ReturnType<typeof serviceBackends>>;
  try {
    await requirePortForward(kc, namespace, await userPhrase(identity));
    backends = await serviceBackends(kc, namespace, name, req.port, signal);
  } catch (err) {
    release();
    throw err;
  }
  const { port, slices, pods } = backends;
  const limits = reachLimits();
  const endpoints = reachEndpoints(port, slices, pods, req.includeNotReady === true);
  const tried = endpoints.filter((e) => e.tried).slice(0, limits.endpointsPerTry);
  const stop = new AbortController();
  const abort = () => stop.abort();
  signal.addEventListener('abort', abort, { once: true });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: TryLine) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      try {
        send({
          type: 'endpoints',
          service: name,
          namespace,
          port: port.port,
          targetPort: port.targetPort ?? port.port,
          endpoints: endpoints.map((e) => ({ ...e, tried: tried.includes(e) })),
        });
        const results: TryResult[] = await Promise.all(
          tried.map(async (ep) => {
            const result = await tryEndpoint(kc, namespace, ep, req, limits.tryTimeoutMs, stop.signal);
            send({ type: 'result', result });
            if (ep.pod && !ep.problem)
              void auditPortForward(identity, { namespace, service: name, pod: ep.pod, port: ep.targetPort, code: result.connected ? 200 : 502 }).catch(() => undefined);
            return result;
          }),
        );
        const hint = results.length > 0 && results.every((r) => !r.connected) ? targetPortHint(port, tried, pods) : undefined;
        send({ type: 'done', ...(hint ? { hint } : {}) });
        if (!stop.signal.aborted) controller.close();
      } catch (err) {
        if (!stop.signal.aborted) controller.error(err);
      } finally {
        signal.removeEventListener('abort', abort);
        release();
      }
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(stream, { status: 200, headers: { 'Content-Type': 'application/x-ndjson', 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' } });
}
