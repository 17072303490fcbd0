/**
 * An embedded cluster (child process) with Porthole (`next start`) on top, for the route-handler
 * integration tests. Porthole reads its own copy of the kubeconfig.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { takeSseEvents } from '../../support/sse-client';

export interface AppStack {
  cluster: TestCluster;
  porthole: PortholeServer;
  /** Porthole's URL. */
  url: string;
  kubeconfigPath: string;
  /** Request straight to the API server as admin (or another token). */
  kube(method: string, path: string, body?: unknown, opts?: { token?: string; contentType?: string }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startAppStack(opts: { clusterArgs?: string[]; allowedHosts?: string[]; env?: Record<string, string> } = {}): Promise<AppStack> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-app-it-'));
  const cluster = await startTestCluster({ args: opts.clusterArgs });
  const kubeconfigPath = join(work, 'kubeconfig');
  copyFileSync(cluster.kubeconfigPath, kubeconfigPath);
  let porthole: PortholeServer;
  try {
    porthole = await startPorthole({ kubeconfigPath, allowedHosts: opts.allowedHosts, env: opts.env });
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return {
    cluster,
    porthole,
    url: porthole.url,
    kubeconfigPath,
    kube: (method, path, body, o = {}) =>
      fetch(cluster.url + path, {
        method,
        headers: {
          Authorization: `Bearer ${o.token ?? cluster.tokens.admin}`,
          ...(body !== undefined ? { 'Content-Type': o.contentType ?? 'application/json' } : {}),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async stop() {
      await porthole.stop();
      await cluster.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * Headers that make Porthole act as another context of the embedded kubeconfig (porthole-viewer,
 * porthole-editor...): the identity switch's cookie, the only way a request picks who Porthole acts as.
 */
export function asContext(context: string): { cookie: string } {
  return { cookie: `porthole-context=${context}` };
}

export type SseEvent = { event: string; data: unknown };

/** Reads server-sent events from a streaming response; `until` can be called again to read on. */
export function sseReader(res: Response): { until(done: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]> } {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async until(done, timeoutMs = 20_000) {
      const events: SseEvent[] = [];
      const deadline = Date.now() + timeoutMs;
      while (!done(events)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out; events so far: ${JSON.stringify(events.map((e) => e.event))}`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const chunk = await Promise.race([reader.read(), new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), left)))]);
        clearTimeout(timer);
        if (chunk === 'timeout') continue;
        if (chunk.done) throw new Error(`stream ended; events: ${JSON.stringify(events.map((e) => e.event))}`);
        buffer += decoder.decode(chunk.value, { stream: true });
        const parsed = takeSseEvents(buffer);
        buffer = parsed.rest;
        events.push(...parsed.events);
      }
      return events;
    },
  };
}
