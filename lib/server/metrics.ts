import 'server-only';

/**
 * A small Prometheus registry (text exposition format 0.0.4) for GET /metrics: counters, one gauge and
 * one histogram, with labels. No dependency: prom-client would bring default process collectors and a
 * cluster aggregator Porthole does not need. Label values are route templates, methods, codes and
 * reasons only — never namespaces, names or identities — so /metrics carries no cluster data.
 *
 * Next may load a module more than once (one copy per route bundle), so the values live on globalThis.
 */
type Labels = Record<string, string>;

interface Series {
  labels: Labels;
  value: number;
}

interface HistogramSeries {
  labels: Labels;
  buckets: number[];
  sum: number;
  count: number;
}

interface Store {
  counters: Map<string, Map<string, Series>>;
  gauges: Map<string, Map<string, Series>>;
  histograms: Map<string, Map<string, HistogramSeries>>;
}

const KEY = Symbol.for('porthole.metrics');
const globalStore = globalThis as typeof globalThis & { [KEY]?: Store };
function store(): Store {
  globalStore[KEY] ??= { counters: new Map(), gauges: new Map(), histograms: new Map() };
  return globalStore[KEY];
}

function seriesKey(labels: Labels): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
}

function family<T>(map: Map<string, Map<string, T>>, name: string): Map<string, T> {
  let f = map.get(name);
  if (!f) map.set(name, (f = new Map()));
  return f;
}

interface MetricDef {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  buckets?: readonly number[];
}

export const METRICS = {
  requests: { name: 'porthole_http_requests_total', help: 'HTTP requests served by Porthole API routes, by route template, method and status code.', type: 'counter' },
  upstream: {
    name: 'porthole_upstream_request_duration_seconds',
    help: 'Time from sending a request to the Kubernetes API server to its response headers (or failure), by method and outcome.',
    type: 'histogram',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  },
  streams: { name: 'porthole_sse_streams_open', help: 'Server-sent event streams (/api/watch) currently open.', type: 'gauge' },
  upstreamRetries: { name: 'porthole_upstream_retries_total', help: 'Requests sent to the Kubernetes API server again after it answered 429 with Retry-After (priority and fairness), by method.', type: 'counter' },
  watchRestarts: { name: 'porthole_watch_restarts_total', help: 'Upstream watches started again after they ended, by reason (gone = 410 relist, ended, error).', type: 'counter' },
} as const satisfies Record<string, MetricDef>;

function add(map: Map<string, Map<string, Series>>, def: MetricDef, labels: Labels, by: number): void {
  const f = family(map, def.name);
  const key = seriesKey(labels);
  const s = f.get(key);
  if (s) s.value += by;
  else f.set(key, { labels, value: by });
}

export function incCounter(def: MetricDef, labels: Labels = {}, by = 1): void {
  add(store().counters, def, labels, by);
}

export function addGauge(def: MetricDef, by: number, labels: Labels = {}): void {
  add(store().gauges, def, labels, by);
}

export function observe(def: MetricDef, seconds: number, labels: Labels = {}): void {
  const bounds = def.buckets ?? [];
  const f = family(store().histograms, def.name);
  const key = seriesKey(labels);
  let s = f.get(key);
  if (!s) f.set(key, (s = { labels, buckets: bounds.map(() => 0), sum: 0, count: 0 }));
  bounds.forEach((le, i) => {
    if (seconds <= le) s.buckets[i]++;
  });
  s.sum += seconds;
  s.count++;
}

function escapeLabel(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  return pairs.length ? `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
}

function num(n: number): string {
  return Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
}

/** Every metric in the text exposition format (families with no samples yet are listed with zero where label-free). */
export function renderMetrics(): string {
  const s = store();
  const lines: string[] = [];
  for (const def of Object.values(METRICS) as MetricDef[]) {
    lines.push(`# HELP ${def.name} ${def.help}`, `# TYPE ${def.name} ${def.type}`);
    if (def.type === 'histogram') {
      for (const h of s.histograms.get(def.name)?.values() ?? []) {
        (def.buckets ?? []).forEach((le, i) => lines.push(`${def.name}_bucket${labelText(h.labels, ['le', String(le)])} ${h.buckets[i]}`));
        lines.push(`${def.name}_bucket${labelText(h.labels, ['le', '+Inf'])} ${h.count}`);
        lines.push(`${def.name}_sum${labelText(h.labels)} ${num(h.sum)}`, `${def.name}_count${labelText(h.labels)} ${h.count}`);
      }
      continue;
    }
    const series = (def.type === 'counter' ? s.counters : s.gauges).get(def.name);
    if (!series?.size) {
      if (def.type === 'gauge') lines.push(`${def.name} 0`);
      continue;
    }
    for (const x of series.values()) lines.push(`${def.name}${labelText(x.labels)} ${num(x.value)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The route template of an API request, for the `route` label: each path segment that is a route
 * parameter becomes `[name]` (a catch-all `[...name]`), so names and namespaces never become labels.
 */
export function routeTemplate(pathname: string, params: Record<string, string | string[]>): string {
  let segments = pathname.split('/');
  let tail = '';
  const entries = Object.entries(params);
  const catchAll = entries.find(([, v]) => Array.isArray(v));
  if (catchAll) {
    // The catch-all takes the end of the path, whatever it holds (bounded label values).
    segments = segments.slice(0, Math.max(1, segments.length - (catchAll[1] as string[]).length));
    tail = `/[...${catchAll[0]}]`;
  }
  const unused = entries.filter(([, v]) => typeof v === 'string') as [string, string][];
  const out = segments.map((raw, i) => {
    let seg = raw;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return '[invalid]';
    }
    const at = i > 1 ? unused.findIndex(([, v]) => v === seg) : -1;
    if (at < 0) return raw;
    const [name] = unused.splice(at, 1)[0];
    return `[${name}]`;
  });
  return out.join('/') + tail;
}
