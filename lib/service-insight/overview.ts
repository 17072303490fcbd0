/**
 * Every spec field of a Service for the Overview, each marked when it holds the API's default
 * (computed by lib/service/defaults.ts, so the rules live in one place) and when it does not apply
 * to the Service's type. Pure.
 */
import type { Service, ServiceSpec } from '../k8s/types';
import { applyServiceDefaults } from '../service/defaults';
import { isHeadless } from '../service/helpers';
import { displayType } from '../service/display';

export interface SpecField {
  key: keyof ServiceSpec | 'sessionAffinityConfig.clientIP.timeoutSeconds';
  label: string;
  /** Rendered values; empty means unset. */
  values: string[];
  /** The value is what the API server fills in when the field is left out (or the field is unset and has no default). */
  isDefault: boolean;
  /** Shown next to the value, e.g. "headless" or "not used by ExternalName". */
  note?: string;
}

type Getter = (s: ServiceSpec) => unknown;

const FIELDS: { key: SpecField['key']; label: string; get: Getter }[] = [
  { key: 'type', label: 'Type', get: (s) => s.type },
  { key: 'clusterIPs', label: 'Cluster IPs', get: (s) => s.clusterIPs ?? (s.clusterIP ? [s.clusterIP] : undefined) },
  { key: 'ipFamilies', label: 'IP families', get: (s) => s.ipFamilies },
  { key: 'ipFamilyPolicy', label: 'IP family policy', get: (s) => s.ipFamilyPolicy },
  { key: 'selector', label: 'Selector', get: (s) => s.selector },
  { key: 'sessionAffinity', label: 'Session affinity', get: (s) => s.sessionAffinity },
  { key: 'sessionAffinityConfig.clientIP.timeoutSeconds', label: 'Session affinity timeout', get: (s) => s.sessionAffinityConfig?.clientIP?.timeoutSeconds },
  { key: 'externalTrafficPolicy', label: 'External traffic policy', get: (s) => s.externalTrafficPolicy },
  { key: 'internalTrafficPolicy', label: 'Internal traffic policy', get: (s) => s.internalTrafficPolicy },
  { key: 'healthCheckNodePort', label: 'Health check node port', get: (s) => s.healthCheckNodePort },
  { key: 'loadBalancerClass', label: 'Load balancer class', get: (s) => s.loadBalancerClass },
  { key: 'loadBalancerIP', label: 'Load balancer IP (deprecated)', get: (s) => s.loadBalancerIP },
  { key: 'loadBalancerSourceRanges', label: 'Load balancer source ranges', get: (s) => s.loadBalancerSourceRanges },
  { key: 'allocateLoadBalancerNodePorts', label: 'Allocate load balancer node ports', get: (s) => s.allocateLoadBalancerNodePorts },
  { key: 'externalIPs', label: 'External IPs', get: (s) => s.externalIPs },
  { key: 'externalName', label: 'External name', get: (s) => s.externalName },
  { key: 'publishNotReadyAddresses', label: 'Publish not-ready addresses', get: (s) => s.publishNotReadyAddresses },
  { key: 'trafficDistribution', label: 'Traffic distribution', get: (s) => s.trafficDistribution },
];

function render(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => `${k}=${String(x)}`);
  return [String(v)];
}

/** Which fields mean nothing for this type (shown dimmed, not hidden). */
function notApplicable(svc: Service, key: SpecField['key']): string | undefined {
  const t = svc.spec?.type ?? 'ClusterIP';
  const lbOnly = ['loadBalancerClass', 'loadBalancerIP', 'loadBalancerSourceRanges', 'allocateLoadBalancerNodePorts', 'healthCheckNodePort'];
  if (lbOnly.includes(key) && t !== 'LoadBalancer') return `only for LoadBalancer`;
  if (key === 'externalName' && t !== 'ExternalName') return 'only for ExternalName';
  if (key === 'externalTrafficPolicy' && !(t === 'NodePort' || t === 'LoadBalancer' || (svc.spec?.externalIPs?.length ?? 0) > 0)) return 'only for externally reachable Services';
  if (key === 'sessionAffinityConfig.clientIP.timeoutSeconds' && svc.spec?.sessionAffinity !== 'ClientIP') return 'only with ClientIP affinity';
  if (t === 'ExternalName' && ['clusterIPs', 'ipFamilies', 'ipFamilyPolicy', 'selector', 'internalTrafficPolicy', 'sessionAffinity'].includes(key)) return 'not used by ExternalName';
  return undefined;
}

/**
 * Values the registry (not the v1 defaulter) fills in: ipFamilyPolicy SingleStack and the one IP
 * family of the allocated cluster IP, when the client asked for neither.
 */
function registryDefault(svc: Service, key: SpecField['key'], values: string[]): boolean {
  if (key === 'ipFamilyPolicy') return values.length === 1 && values[0] === 'SingleStack';
  if (key === 'ipFamilies') {
    if (svc.spec?.ipFamilyPolicy && svc.spec.ipFamilyPolicy !== 'SingleStack') return false;
    const ip = svc.spec?.clusterIP ?? '';
    const family = ip.includes(':') ? 'IPv6' : 'IPv4';
    return values.length === 1 && (values[0] === family || ip === 'None' || ip === '');
  }
  return false;
}

export function overviewFields(svc: Service): SpecField[] {
  const spec = svc.spec ?? {};
  return FIELDS.map(({ key, label, get }) => {
    const value = get(spec);
    // What defaulting would put there if this field were left out.
    const without: Service = { ...svc, spec: { ...spec } };
    const s = without.spec as ServiceSpec;
    if (key === 'sessionAffinityConfig.clientIP.timeoutSeconds') delete s.sessionAffinityConfig;
    else if (key === 'clusterIPs') {
      delete s.clusterIPs;
      delete s.clusterIP;
    } else delete s[key];
    const defaulted = get(applyServiceDefaults(without).spec ?? {});
    let values = render(value);
    let isDefault = JSON.stringify(render(defaulted)) === JSON.stringify(values) || registryDefault(svc, key, values);
    // A boolean the API leaves unset means false: say so rather than "unset".
    if (key === 'publishNotReadyAddresses' && values.length === 0) {
      values = ['false'];
      isDefault = true;
    }
    let note = notApplicable(svc, key);
    if (key === 'type' && displayType(svc) === 'Headless') note = 'headless: clusterIP None, DNS returns the pod addresses';
    if (key === 'clusterIPs' && isHeadless(svc)) note = 'headless';
    if (key === 'selector' && values.length === 0 && spec.type !== 'ExternalName') note = 'no selector: endpoints are managed by hand';
    return { key, label, values, isDefault, ...(note ? { note } : {}) };
  });
}

/** Labels or annotations as sorted entries, marking values long enough to fold. */
export function metadataEntries(map: Record<string, string> | undefined, foldAt = 80): { key: string; value: string; long: boolean }[] {
  return Object.entries(map ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value, long: value.length > foldAt || value.includes('\n') }));
}
