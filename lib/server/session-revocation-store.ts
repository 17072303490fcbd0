import { Watch, type KubeConfig } from '@kubernetes/client-node';
import { backoffDelay, sleep } from './backoff';
import { clusterConfig } from './kubeconfig';
import { portholeNamespace } from './porthole-namespace';
import { expiredIds, mergeRevoked, noteRevoked } from './session-revocation';
import { readJson, readText, upstream } from './upstream';

/**
 * The revocation list every replica shares (token mode): a ConfigMap in Porthole's own namespace,
 * written and watched with Porthole's own credentials. Why there: replicas share nothing but the
 * sealing key and the cluster, and the cluster is already a consistent store every replica reaches
 * (no extra infrastructure; deploy/base grants exactly get/list/watch/patch on this one object).
 * Each key is a revoked session id, its value the session's absolute expiry (ms since the epoch);
 * a sign-out adds one key with a JSON merge patch (no read-modify-write race between replicas) and
 * removes the keys that have expired, so the list holds at most the sessions signed out within the
 * absolute expiry time. Each replica lists it, then watches it, and merges every version into its
 * in-memory list (lib/server/session-revocation.ts) — the list the session check reads.
 * Where the cluster serves no ConfigMaps (the embedded cluster) or refuses, sign-out still ends the
 * session on the replica that signed out, and the log says the list is not shared.
 */

export const REVOCATION_CONFIGMAP = 'porthole-revoked-sessions';

interface ConfigMap {
  metadata?: { resourceVersion?: string };
  data?: Record<string, string>;
}

/** The ConfigMap collection in Porthole's namespace. */
function storeTarget(): { kc: KubeConfig; path: string } {
  const kc = clusterConfig().kubeConfig;
  const namespace = portholeNamespace(kc);
  return { kc, path: `/api/v1/namespaces/${encodeURIComponent(namespace)}/configmaps` };
}

function entriesOf(cm: ConfigMap | undefined): [string, number][] {
  return Object.entries(cm?.data ?? {}).map(([sid, until]): [string, number] => [sid, Number(until)]).filter(([, until]) => Number.isFinite(until));
}

let warned = false;
function warnOnce(message: string): void {
  if (warned) return;
  warned = true;
  console.warn(`[porthole] sign-out is not shared between replicas: ${message} (ConfigMap ${REVOCATION_CONFIGMAP} in Porthole's namespace: get, list, watch, patch)`);
}

/**
 * Ends session `sid` (until its absolute expiry `until`) on this replica at once, and on every replica
 * through the shared list. Resolves true when the shared list holds it.
 */
export async function revokeSession(sid: string, until: number, now: number = Date.now()): Promise<boolean> {
  noteRevoked(sid, until);
  try {
    const { kc, path } = storeTarget();
    const patch = async (): Promise<number> => {
      const current = await upstream(kc, { method: 'GET', path: `${path}/${REVOCATION_CONFIGMAP}` });
      const cm = current.status === 200 ? ((await readJson(current.body)) as ConfigMap) : (await readText(current.body), undefined);
      if (!cm) return current.status;
      const data: Record<string, string | null> = { [sid]: String(until) };
      for (const old of expiredIds(entriesOf(cm), now)) data[old] = null;
      const res = await upstream(kc, { method: 'PATCH', path: `${path}/${REVOCATION_CONFIGMAP}`, contentType: 'application/merge-patch+json', body: JSON.stringify({ data }) });
      await readText(res.body);
      return res.status;
    };
    let status = await patch();
    if (status === 404) {
      const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: REVOCATION_CONFIGMAP }, data: { [sid]: String(until) } };
      const created = await upstream(kc, { method: 'POST', path, contentType: 'application/json', body: JSON.stringify(body) });
      const text = await readText(created.body);
      status = created.status === 409 ? await patch() : created.status;
      if (status === 404) warnOnce(`the cluster does not serve ConfigMaps here (${text.slice(0, 200)})`);
    }
    if (status >= 200 && status < 300) return true;
    if (status !== 404) warnOnce(`the API server answered ${status}`);
  } catch (err) {
    warnOnce(err instanceof Error ? err.message : String(err));
  }
  return false;
}

/** One list-then-watch round; resolves when the watch ends (normal end, 410 Gone or an error). */
async function followOnce(signal: AbortSignal): Promise<boolean> {
  const { kc, path } = storeTarget();
  const fieldSelector = `metadata.name=${REVOCATION_CONFIGMAP}`;
  const listed = await upstream(kc, { method: 'GET', path, query: { fieldSelector }, signal });
  if (listed.status !== 200) {
    warnOnce(`listing answered ${listed.status}: ${(await readText(listed.body)).slice(0, 200)}`);
    return false;
  }
  const list = (await readJson(listed.body)) as { metadata?: { resourceVersion?: string }; items?: ConfigMap[] };
  mergeRevoked(entriesOf(list.items?.[0]));
  return new Promise<boolean>((resolve) => {
    let sawEvents = false;
    const query = { fieldSelector, resourceVersion: list.metadata?.resourceVersion, allowWatchBookmarks: true, timeoutSeconds: 240 + Math.floor(Math.random() * 120) };
    const onEvent = (type: string, object: unknown) => {
      sawEvents = true;
      if (type === 'ADDED' || type === 'MODIFIED') mergeRevoked(entriesOf(object as ConfigMap));
    };
    new Watch(kc)
      .watch(path, query, onEvent, () => resolve(sawEvents))
      .then((controller) => {
        if (signal.aborted) controller.abort();
        else signal.addEventListener('abort', () => controller.abort(), { once: true });
      })
      .catch(() => resolve(false));
  });
}

/** Keeps this replica's revocation list in step with the shared one, until `signal` aborts (token mode; instrumentation.ts). */
export async function followRevocations(signal: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    let healthy = false;
    try {
      healthy = await followOnce(signal);
    } catch (err) {
      warnOnce(err instanceof Error ? err.message : String(err));
    }
    // Expired entries leave the in-memory list even when nothing changes upstream.
    mergeRevoked([]);
    attempt = healthy ? 0 : attempt + 1;
    await sleep(healthy ? 0 : backoffDelay(attempt, 500, 30_000), signal);
  }
}
