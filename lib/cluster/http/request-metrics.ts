/**
 * The few kube-apiserver metrics the embedded cluster keeps, served at `/metrics` (Prometheus text)
 * under the same names as the real server, so a tool (or a test) can see how many watches are open
 * and how many lists were served per resource without reaching into the process:
 *   apiserver_longrunning_requests{verb="WATCH",resource,scope}  gauge: watches open now
 *   apiserver_request_total{verb,resource,scope,code}              counter: finished requests
 * One registry per process (the embedded cluster runs one server per process).
 */
import type { ServerResponse } from 'node:http';
import type { ResourceRequestInfo } from './request-info';

const longRunning = new Map<string, number>();
const requests = new Map<string, number>();

const scopeOf = (info: ResourceRequestInfo): string => (info.name ? 'resource' : info.namespace ? 'namespace' : 'cluster');
const labels = (pairs: Record<string, string>): string =>
  Object.entries(pairs)
    .map(([k, v]) => `${k}="${v.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`))}"`)
    .join(',');

/** Counts the request when its response ends (any outcome); a watch also counts as open while it streams. */
export function trackRequest(info: ResourceRequestInfo, res: ServerResponse): void {
  const base = { group: info.apiGroup, resource: info.resource, scope: scopeOf(info), version: info.apiVersion };
  let watchKey: string | undefined;
  if (info.verb === 'watch') {
    watchKey = labels({ ...base, verb: 'WATCH' });
    longRunning.set(watchKey, (longRunning.get(watchKey) ?? 0) + 1);
  }
  res.once('close', () => {
    if (watchKey) longRunning.set(watchKey, (longRunning.get(watchKey) ?? 1) - 1);
    const key = labels({ ...base, code: String(res.statusCode), verb: info.verb.toUpperCase() });
    requests.set(key, (requests.get(key) ?? 0) + 1);
  });
}

export function metricsText(): string {
  const lines = ['# TYPE apiserver_longrunning_requests gauge'];
  for (const [key, n] of longRunning) lines.push(`apiserver_longrunning_requests{${key}} ${n}`);
  lines.push('# TYPE apiserver_request_total counter');
  for (const [key, n] of requests) lines.push(`apiserver_request_total{${key}} ${n}`);
  return `${lines.join('\n')}\n`;
}
