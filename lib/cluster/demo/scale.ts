/**
 * `--scale N`: N extra Services for trying Porthole (and benchmarking it) at tens of thousands of
 * Services. They are written through the in-process API in one storage transaction per namespace
 * (defaulted, validated and allocated like any client's, one SQLite commit each) instead of N
 * separate creates. A second start with the same data directory adds only what is missing.
 *
 * The Services have no selector (their endpoints would be someone else's business), so the
 * EndpointSlice and Endpoints controllers do not write 2N more objects behind them; their types,
 * labels and ports vary so that sorting and filtering have something to work with.
 */
import type { Namespace } from '../../k8s/types/cluster';
import type { Service, ServiceSpec } from '../../k8s/types/service';
import type { ClusterApi } from '../api';

export const SCALE_FIELD_MANAGER = 'porthole-scale-seed';
/** Services per namespace: 50,000 Services spread over 20 namespaces. */
export const SCALE_PER_NAMESPACE = 2500;
export const MAX_SCALE = 200_000;

const TEAMS = ['payments', 'search', 'identity', 'media', 'ledger', 'edge', 'ml', 'ops'];
const TIERS = ['web', 'backend', 'cache', 'batch'];

export function scaleNamespace(index: number): string {
  return `scale-${String(Math.floor(index / SCALE_PER_NAMESPACE) + 1).padStart(2, '0')}`;
}

export function scaleServiceName(index: number): string {
  return `svc-${String(index).padStart(6, '0')}`;
}

function scaleSpec(i: number): ServiceSpec {
  if (i % 25 === 24) return { type: 'ExternalName', externalName: `svc-${i}.external.example.com` };
  const ports = [{ name: 'http', port: 80, targetPort: 8080 }];
  if (i % 3 === 0) ports.push({ name: 'metrics', port: 9102, targetPort: 9102 });
  return i % 10 === 9 ? { clusterIP: 'None', ports } : { ports };
}

export function scaleService(i: number): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: scaleServiceName(i),
      namespace: scaleNamespace(i),
      labels: { app: `app-${i % 997}`, team: TEAMS[i % TEAMS.length], tier: TIERS[i % TIERS.length] },
    },
    spec: scaleSpec(i),
  };
}

export function parseScale(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_SCALE) throw new Error(`invalid --scale: ${value} (want a whole number from 0 to ${MAX_SCALE})`);
  return n;
}

/** Creates the missing ones of the `count` scale Services (and their namespaces); returns how many it created. */
export function seedScaleServices(api: ClusterApi, count: number): number {
  let created = 0;
  for (let start = 0; start < count; start += SCALE_PER_NAMESPACE) {
    const ns = scaleNamespace(start);
    if (!api.get('namespaces', undefined, ns)) {
      const namespace: Namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns, labels: { 'porthole.dev/scale': 'true' } } };
      api.create('namespaces', namespace, { fieldManager: SCALE_FIELD_MANAGER });
    }
    const missing: Service[] = [];
    for (let i = start; i < Math.min(count, start + SCALE_PER_NAMESPACE); i++) {
      if (!api.get('services', ns, scaleServiceName(i))) missing.push(scaleService(i));
    }
    if (missing.length > 0) created += api.createMany('services', missing, { fieldManager: SCALE_FIELD_MANAGER }).length;
  }
  return created;
}
