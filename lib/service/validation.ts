/**
 * Service validation on create, update and status update: pkg/apis/core/validation
 * ValidateService / ValidateServiceCreate / ValidateServiceUpdate / ValidateServiceStatusUpdate
 * of Kubernetes v1.32, in the same order and with the same field paths and messages.
 * Pure and browser-safe: the embedded cluster, Porthole's server and the forms all call it.
 *
 * Input is expected to be defaulted (applyServiceDefaults) as the API server does on decode.
 */
import { fieldError, FieldPath, type FieldError } from '../k8s/field-errors';
import type { Service } from '../k8s/types';
import { isValidCIDR, isValidIP, validateNonSpecialIP } from '../k8s/validation/ip';
import { validateLabels } from '../k8s/validation/meta-maps';
import { isDNS1123Subdomain, isQualifiedName, isValidPortNum, nameIsDNS1035Label } from '../k8s/validation/names';
import { validateObjectMeta, validateObjectMetaUpdate } from '../k8s/validation/object-meta';
import {
  ANNOTATION_LOAD_BALANCER_SOURCE_RANGES,
  ANNOTATION_TOPOLOGY_MODE,
  DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS,
  MAX_CLIENT_IP_SERVICE_AFFINITY_SECONDS,
  externallyAccessible,
  isHeadless,
  needsHealthCheck,
} from './helpers';
import {
  validateClusterIPsRelatedFields,
  validateUpgradeDowngradeClusterIPs,
  validateUpgradeDowngradeIPFamilies,
} from './validation-cluster-ips';
import {
  validateDuplicatePorts,
  validateNodePortNumbers,
  validateNodePortsForType,
  validateServicePorts,
} from './validation-ports';
import { validateLoadBalancerStatus } from './validation-status';

export const SUPPORTED_SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] as const;
export const SUPPORTED_SESSION_AFFINITIES = ['ClientIP', 'None'] as const;
export const SUPPORTED_TRAFFIC_POLICIES = ['Cluster', 'Local'] as const;
export const SUPPORTED_TRAFFIC_DISTRIBUTIONS = ['PreferClose'] as const;

export interface ServiceValidationOptions {
  /**
   * True (the default) when allocation already ran, as on the API server (allocation happens
   * before validation). Forms validating a draft pass false: a missing healthCheckNodePort is
   * then not reported, because the server allocates it.
   */
  allocated?: boolean;
}

const META = FieldPath.root('metadata');
const lbOnlyText = "may only be used when `type` is 'LoadBalancer'";
const SPEC = FieldPath.root('spec');

function includes(list: readonly string[], v: string): boolean {
  return list.includes(v);
}

function validateTypeSpecific(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errs: FieldError[] = [];
  switch (spec.type) {
    case 'LoadBalancer':
      if (isHeadless(svc)) {
        errs.push(fieldError.invalid(SPEC.child('clusterIPs').index(0), 'None', "may not be set to 'None' for LoadBalancer services"));
      }
      break;
    case 'NodePort':
      if (isHeadless(svc)) {
        errs.push(fieldError.invalid(SPEC.child('clusterIPs').index(0), 'None', "may not be set to 'None' for NodePort services"));
      }
      break;
    case 'ExternalName': {
      if ((spec.clusterIPs?.length ?? 0) > 0) {
        errs.push(fieldError.forbidden(SPEC.child('clusterIPs'), 'may not be set for ExternalName services'));
      }
      if ((spec.ipFamilies?.length ?? 0) > 0) {
        errs.push(fieldError.forbidden(SPEC.child('ipFamilies'), 'may not be set for ExternalName services'));
      }
      if (spec.ipFamilyPolicy !== undefined && spec.ipFamilyPolicy !== null) {
        errs.push(fieldError.forbidden(SPEC.child('ipFamilyPolicy'), 'may not be set for ExternalName services'));
      }
      const name = spec.externalName ?? '';
      const cname = name.endsWith('.') ? name.slice(0, -1) : name;
      if (cname.length > 0) {
        errs.push(...isDNS1123Subdomain(cname).map((m) => fieldError.invalid(SPEC.child('externalName'), cname, m)));
      } else {
        errs.push(fieldError.required(SPEC.child('externalName')));
      }
      break;
    }
    default:
      break;
  }
  return errs;
}

function validateSessionAffinity(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errs: FieldError[] = [];
  const affinity: string = spec.sessionAffinity ?? '';
  const path = SPEC.child('sessionAffinity');
  if (affinity.length === 0) errs.push(fieldError.required(path));
  else if (!includes(SUPPORTED_SESSION_AFFINITIES, affinity)) {
    errs.push(fieldError.notSupported(path, affinity, SUPPORTED_SESSION_AFFINITIES));
  }
  const cfgPath = SPEC.child('sessionAffinityConfig');
  if (affinity === 'ClientIP') {
    const detail = 'when session affinity type is ClientIP';
    const cfg = spec.sessionAffinityConfig;
    if (!cfg) errs.push(fieldError.required(cfgPath, detail));
    else if (!cfg.clientIP) errs.push(fieldError.required(cfgPath.child('clientIP'), detail));
    else {
      const t = cfg.clientIP.timeoutSeconds;
      const tPath = cfgPath.child('clientIP', 'timeoutSeconds');
      if (t === undefined || t === null) errs.push(fieldError.required(tPath, detail));
      else if (t <= 0 || t > MAX_CLIENT_IP_SERVICE_AFFINITY_SECONDS) {
        errs.push(fieldError.invalid(tPath, t, `must be greater than 0 and less than ${MAX_CLIENT_IP_SERVICE_AFFINITY_SECONDS}`));
      }
    }
  } else if (affinity === 'None' && spec.sessionAffinityConfig) {
    errs.push(fieldError.forbidden(cfgPath, 'must not be set when session affinity is None'));
  }
  return errs;
}

function validateExternalIPs(svc: Service): FieldError[] {
  const errs: FieldError[] = [];
  (svc.spec?.externalIPs ?? []).forEach((ip, i) => {
    const p = SPEC.child('externalIPs').index(i);
    const ipErrs = isValidIP(p, ip);
    errs.push(...(ipErrs.length ? ipErrs : validateNonSpecialIP(ip, p)));
  });
  return errs;
}

function validateType(svc: Service): FieldError[] {
  const t: string = svc.spec?.type ?? '';
  if (t.length === 0) return [fieldError.required(SPEC.child('type'))];
  if (!includes(SUPPORTED_SERVICE_TYPES, t)) return [fieldError.notSupported(SPEC.child('type'), t, SUPPORTED_SERVICE_TYPES)];
  return [];
}

/** spec.loadBalancerSourceRanges (note the real server's capitalised path) or the legacy annotation. */
function validateSourceRanges(svc: Service): FieldError[] {
  const errs: FieldError[] = [];
  const ranges = svc.spec?.loadBalancerSourceRanges ?? [];
  const isLB = svc.spec?.type === 'LoadBalancer';
  const annotation = svc.metadata?.annotations?.[ANNOTATION_LOAD_BALANCER_SOURCE_RANGES];
  if (ranges.length > 0) {
    const p = SPEC.child('LoadBalancerSourceRanges');
    if (!isLB) errs.push(fieldError.forbidden(p, lbOnlyText));
    ranges.forEach((r, i) => errs.push(...isValidCIDR(p.index(i), r.trim())));
  } else if (annotation !== undefined) {
    const p = META.child('annotations').key(ANNOTATION_LOAD_BALANCER_SOURCE_RANGES);
    if (!isLB) errs.push(fieldError.forbidden(p, lbOnlyText));
    const val = annotation.trim();
    if (val !== '') for (const c of val.split(',')) errs.push(...isValidCIDR(p, c.trim()));
  }
  return errs;
}

/** validateLoadBalancerClassField: format on LoadBalancer, forbidden elsewhere, immutable while LoadBalancer. */
export function validateLoadBalancerClassField(prev: Service | undefined, svc: Service): FieldError[] {
  const errs: FieldError[] = [];
  const p = SPEC.child('loadBalancerClass');
  const cls = svc.spec?.loadBalancerClass ?? undefined;
  if (prev && prev.spec?.type === 'LoadBalancer' && svc.spec?.type === 'LoadBalancer') {
    if ((prev.spec.loadBalancerClass ?? undefined) !== cls) {
      errs.push(fieldError.invalid(p, cls ?? null, 'may not change once set'));
    }
  }
  if (svc.spec?.type === 'LoadBalancer') {
    if (cls !== undefined) errs.push(...isQualifiedName(cls).map((m) => fieldError.invalid(p, cls, m)));
  } else if (cls !== undefined) {
    errs.push(fieldError.forbidden(p, lbOnlyText));
  }
  return errs;
}
function validateExternalTrafficPolicy(svc: Service, options: ServiceValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const policy: string = svc.spec?.externalTrafficPolicy ?? '';
  const p = SPEC.child('externalTrafficPolicy');
  if (!externallyAccessible(svc)) {
    if (policy !== '') errs.push(fieldError.invalid(p, policy, 'may only be set for externally-accessible services'));
  } else if (policy === '') errs.push(fieldError.required(p));
  else if (!includes(SUPPORTED_TRAFFIC_POLICIES, policy)) errs.push(fieldError.notSupported(p, policy, SUPPORTED_TRAFFIC_POLICIES));

  const hc = svc.spec?.healthCheckNodePort ?? 0;
  const hp = SPEC.child('healthCheckNodePort');
  if (!needsHealthCheck(svc)) {
    if (hc !== 0) {
      errs.push(fieldError.invalid(hp, hc, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
    }
  } else if (hc === 0) {
    if (options.allocated !== false) errs.push(fieldError.required(hp));
  } else {
    errs.push(...isValidPortNum(hc).map((m) => fieldError.invalid(hp, hc, m)));
  }
  return errs;
}

function validateInternalTrafficPolicy(svc: Service): FieldError[] {
  const policy = svc.spec?.internalTrafficPolicy ?? undefined;
  const t = svc.spec?.type;
  const p = SPEC.child('internalTrafficPolicy');
  if (policy === undefined) {
    return t === 'NodePort' || t === 'LoadBalancer' || t === 'ClusterIP' ? [fieldError.required(p)] : [];
  }
  return includes(SUPPORTED_TRAFFIC_POLICIES, policy) ? [] : [fieldError.notSupported(p, policy, SUPPORTED_TRAFFIC_POLICIES)];
}

function validateTrafficDistribution(svc: Service): FieldError[] {
  const td = svc.spec?.trafficDistribution ?? undefined;
  if (td === undefined || includes(SUPPORTED_TRAFFIC_DISTRIBUTIONS, td)) return [];
  return [fieldError.notSupported(SPEC.child('trafficDistribution'), td, SUPPORTED_TRAFFIC_DISTRIBUTIONS)];
}

function validateTopologyAnnotations(svc: Service): FieldError[] {
  const ann = svc.metadata?.annotations ?? {};
  const hints = ann[DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS];
  const mode = ann[ANNOTATION_TOPOLOGY_MODE];
  if (hints !== undefined && mode !== undefined && hints !== mode) {
    return [
      fieldError.invalid(
        META.child('annotations').key(ANNOTATION_TOPOLOGY_MODE),
        mode,
        `must match annotations[${DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS}] when both are specified`,
      ),
    ];
  }
  return [];
}

/** ValidateService: every rule that applies on create and (again) on update. */
export function validateService(svc: Service, options: ServiceValidationOptions = {}): FieldError[] {
  const spec = svc.spec ?? {};
  const errs: FieldError[] = [];
  errs.push(...validateObjectMeta(svc.metadata, { namespaced: true, nameFn: nameIsDNS1035Label }, META));
  errs.push(...validateTopologyAnnotations(svc));
  if ((spec.ports?.length ?? 0) === 0 && !isHeadless(svc) && spec.type !== 'ExternalName') {
    errs.push(fieldError.required(SPEC.child('ports')));
  }
  errs.push(...validateTypeSpecific(svc));
  errs.push(...validateServicePorts(svc));
  if (spec.selector !== undefined && spec.selector !== null) errs.push(...validateLabels(spec.selector, SPEC.child('selector')));
  errs.push(...validateSessionAffinity(svc));
  errs.push(...validateClusterIPsRelatedFields(svc));
  errs.push(...validateExternalIPs(svc));
  errs.push(...validateType(svc));
  errs.push(...validateNodePortsForType(svc));
  // Forms only: on the server the allocator checks node ports (a dry run does not: kube-apiserver accepts 99999 there).
  if (options.allocated === false) errs.push(...validateNodePortNumbers(svc));
  errs.push(...validateDuplicatePorts(svc));
  errs.push(...validateSourceRanges(svc));
  const alloc = spec.allocateLoadBalancerNodePorts ?? undefined;
  if (alloc !== undefined && spec.type !== 'LoadBalancer') {
    errs.push(fieldError.forbidden(SPEC.child('allocateLoadBalancerNodePorts'), lbOnlyText));
  }
  if (spec.type === 'LoadBalancer' && alloc === undefined) {
    // The real server reports this path without the `spec.` prefix.
    errs.push(fieldError.required('allocateLoadBalancerNodePorts'));
  }
  errs.push(...validateLoadBalancerClassField(undefined, svc));
  errs.push(...validateExternalTrafficPolicy(svc, options));
  errs.push(...validateInternalTrafficPolicy(svc));
  errs.push(...validateTrafficDistribution(svc));
  return errs;
}

/** ValidateServiceCreate */
export function validateServiceCreate(svc: Service, options: ServiceValidationOptions = {}): FieldError[] {
  return validateService(svc, options);
}

/** ValidateServiceUpdate: metadata update rules, clusterIP/family immutability, loadBalancerClass, healthCheckNodePort, then ValidateService. */
export function validateServiceUpdate(next: Service, prev: Service, options: ServiceValidationOptions = {}): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validateObjectMetaUpdate(next.metadata, prev.metadata, META));
  errs.push(...validateUpgradeDowngradeClusterIPs(prev, next));
  errs.push(...validateUpgradeDowngradeIPFamilies(prev, next));
  errs.push(...validateLoadBalancerClassField(prev, next));
  if (needsHealthCheck(prev) && needsHealthCheck(next)) {
    if ((next.spec?.healthCheckNodePort ?? 0) !== (prev.spec?.healthCheckNodePort ?? 0)) {
      errs.push(fieldError.forbidden(SPEC.child('healthCheckNodePort'), 'field is immutable'));
    }
  }
  errs.push(...validateService(next, options));
  return errs;
}

/** ValidateServiceStatusUpdate: metadata update rules and status.loadBalancer. */
export function validateServiceStatusUpdate(next: Service, prev: Service): FieldError[] {
  return [
    ...validateObjectMetaUpdate(next.metadata, prev.metadata, META),
    ...validateLoadBalancerStatus(next.status?.loadBalancer, next.spec),
  ];
}
