/** Non-resource paths: health, /version, /metrics, discovery documents and OpenAPI. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  AGGREGATED_DISCOVERY_CONTENT_TYPE,
  acceptsAggregatedDiscovery,
  aggregatedDiscovery,
  apiGroup,
  apiGroupList,
  apiResourceList,
  coreApiVersions,
  versionInfo,
} from '../discovery';
import { openApiV2, openApiV3Document, openApiV3Index } from '../openapi';
import { acceptsOpenApiV2Protobuf, encodeOpenApiV2Protobuf, OPENAPI_V2_PROTOBUF_CONTENT_TYPE } from '../openapi/protobuf-v2';
import type { ResourceDefinition } from '../registry/types';
import { metricsText } from './request-metrics';
import { sendJson, sendText } from './respond';

const HEALTH_PATHS = /^\/(healthz|livez|readyz)(\/.*)?$/;

export interface DiscoveryCache {
  defs: readonly ResourceDefinition[];
  cache: Map<string, string>;
  /** The protobuf form of /openapi/v2, built on first request. */
  openApiV2Protobuf?: Buffer;
}

function cached(c: DiscoveryCache, key: string, build: () => unknown): string {
  let text = c.cache.get(key);
  if (text === undefined) {
    text = JSON.stringify(build());
    c.cache.set(key, text);
  }
  return text;
}

/** Answers `path` when it is a non-resource or discovery path; returns false otherwise. */
export function handleNonResource(c: DiscoveryCache, path: string, req: IncomingMessage, res: ServerResponse): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const health = HEALTH_PATHS.exec(clean);
  if (health) {
    const verbose = new URL(req.url ?? '/', 'http://x').searchParams.has('verbose');
    const text = verbose ? `[+]ping ok\n[+]etcd ok\n${health[1]} check passed\n` : 'ok';
    sendText(req, res, 200, text, { contentType: 'text/plain; charset=utf-8' });
    return true;
  }
  const aggregated = acceptsAggregatedDiscovery(req.headers.accept);
  switch (clean) {
    case '/metrics':
      sendText(req, res, 200, metricsText(), { contentType: 'text/plain; version=0.0.4; charset=utf-8' });
      return true;
    case '/version':
      sendJson(req, res, 200, versionInfo());
      return true;
    case '/api':
      if (aggregated) {
        sendText(req, res, 200, cached(c, 'agg:core', () => aggregatedDiscovery(c.defs, 'core')), { contentType: AGGREGATED_DISCOVERY_CONTENT_TYPE });
      } else {
        sendJson(req, res, 200, coreApiVersions(req.headers.host ?? '127.0.0.1'));
      }
      return true;
    case '/apis':
      if (aggregated) {
        sendText(req, res, 200, cached(c, 'agg:apis', () => aggregatedDiscovery(c.defs, 'apis')), { contentType: AGGREGATED_DISCOVERY_CONTENT_TYPE });
      } else {
        sendText(req, res, 200, cached(c, 'apis', () => apiGroupList(c.defs)));
      }
      return true;
    case '/openapi/v2':
      if (acceptsOpenApiV2Protobuf(req.headers.accept)) {
        c.openApiV2Protobuf ??= encodeOpenApiV2Protobuf(JSON.parse(cached(c, 'openapi/v2', () => openApiV2(c.defs))));
        sendText(req, res, 200, c.openApiV2Protobuf, { contentType: OPENAPI_V2_PROTOBUF_CONTENT_TYPE });
      } else {
        sendText(req, res, 200, cached(c, 'openapi/v2', () => openApiV2(c.defs)));
      }
      return true;
    case '/openapi/v3':
      sendText(req, res, 200, cached(c, 'openapi/v3', () => openApiV3Index(c.defs)));
      return true;
  }
  if (clean.startsWith('/openapi/v3/')) {
    const gv = clean.slice('/openapi/v3/'.length);
    const doc = openApiV3Document(c.defs, gv);
    if (!doc) return false;
    sendText(req, res, 200, cached(c, `openapi/v3/${gv}`, () => doc));
    return true;
  }
  const parts = clean.split('/').filter(Boolean);
  if (parts[0] === 'api' && parts.length === 2) {
    const list = apiResourceList(c.defs, '', parts[1]);
    if (!list) return false;
    sendText(req, res, 200, cached(c, clean, () => list));
    return true;
  }
  if (parts[0] === 'apis' && parts.length === 2) {
    const group = apiGroup(c.defs, parts[1]);
    if (!group) return false;
    sendJson(req, res, 200, group);
    return true;
  }
  if (parts[0] === 'apis' && parts.length === 3) {
    const list = apiResourceList(c.defs, parts[1], parts[2]);
    if (!list) return false;
    sendText(req, res, 200, cached(c, clean, () => list));
    return true;
  }
  return false;
}
