import 'server-only';
import { isJsonObject, type JsonObject } from '../k8s/json';
import { failure, statusError } from '../k8s/status';
import { openApiSubset } from '../service-yaml/openapi-schema';
import { API_CACHE_CONTROL, RequestError, statusFromUpstream } from './errors';
import type { RequestIdentity } from './identity';
import { openApi } from './operations';
import { readJson, readText } from './upstream';

/**
 * The Service's part of the cluster's OpenAPI v3 document for core/v1, for the YAML editor's schema.
 * A real kube-apiserver's document is over a megabyte (every core/v1 kind); the browser gets only the
 * schemas the Service reaches. The document is asked for at the URL the server's OpenAPI v3 index
 * gives (`/openapi/v3/api/v1?hash=…`, content-addressed), and its subset kept per cluster and URL:
 * each request still asks the index as the user (cheap, and the API server decides who may read
 * it), and the big document is fetched and cut again only when its hash changes.
 */
const CORE_V1 = 'api/v1';
const MAX_KEPT = 16;
const kept = new Map<string, string>();

function remember(key: string, body: string): void {
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, body);
}

async function upstreamJson(res: Awaited<ReturnType<typeof openApi.index>>): Promise<JsonObject> {
  if (res.status !== 200) throw new RequestError(statusFromUpstream(res.status, await readText(res.body)));
  const doc = await readJson(res.body);
  if (!isJsonObject(doc)) throw new RequestError(statusError.internal('the API server sent an OpenAPI document that is not an object'));
  return doc;
}

/** The hashed URL of core/v1's document in the server's OpenAPI v3 index (undefined when it has none). */
function coreV1Url(index: JsonObject): string | undefined {
  const paths = isJsonObject(index.paths) ? index.paths : {};
  const entry = paths[CORE_V1];
  const url = isJsonObject(entry) ? entry.serverRelativeURL : undefined;
  return typeof url === 'string' && url.startsWith(`/openapi/v3/${CORE_V1}`) ? url : undefined;
}

export async function serviceOpenApiResponse(identity: RequestIdentity, signal: AbortSignal): Promise<Response> {
  const url = coreV1Url(await upstreamJson(await openApi.index(identity.kubeConfig, signal)));
  if (!url) throw new RequestError(failure(404, 'NotFound', 'the API server serves no OpenAPI v3 document for core/v1'));
  const key = `${identity.cluster.clusterName}@${identity.cluster.server} ${url}`;
  let body = kept.get(key);
  if (body === undefined) {
    const doc = await upstreamJson(await openApi.document(identity.kubeConfig, url, signal));
    try {
      body = JSON.stringify(openApiSubset(doc));
    } catch (err) {
      throw new RequestError(failure(404, 'NotFound', (err as Error).message));
    }
    remember(key, body);
  }
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' } });
}
