/**
 * Cloud load-balancer annotation presets for LoadBalancer Services (AWS, Google Cloud, Azure,
 * Huawei Cloud CCE). A preset only writes annotations — nothing else in the Service changes — and
 * every value stays editable afterwards; placeholder values (certificate ARN, ELB id) are meant to
 * be replaced. Keys and values from the cloud providers' Service documentation. Pure.
 */
import type { Service } from '../k8s/types';
import { cloneService } from '../service';

export type CloudProvider = 'AWS' | 'Google Cloud' | 'Azure' | 'Huawei Cloud CCE';

export interface LoadBalancerPreset {
  id: string;
  provider: CloudProvider;
  title: string;
  /** One sentence: what the preset makes the cloud do. */
  sentence: string;
  annotations: Readonly<Record<string, string>>;
}

export const LB_PRESETS: readonly LoadBalancerPreset[] = [
  {
    id: 'aws-internal',
    provider: 'AWS',
    title: 'AWS: internal load balancer',
    sentence: 'Creates the AWS load balancer with the "internal" scheme, so it gets private VPC addresses only and is not reachable from the internet.',
    annotations: { 'service.beta.kubernetes.io/aws-load-balancer-scheme': 'internal' },
  },
  {
    id: 'aws-nlb',
    provider: 'AWS',
    title: 'AWS: Network Load Balancer',
    sentence: 'Asks AWS for a Network Load Balancer (layer 4, keeps the client IP) instead of a Classic Load Balancer.',
    annotations: { 'service.beta.kubernetes.io/aws-load-balancer-type': 'nlb' },
  },
  {
    id: 'aws-backend-http',
    provider: 'AWS',
    title: 'AWS: backend protocol HTTP',
    sentence: 'Makes the AWS load balancer speak HTTP to the pods (layer 7 listener), so it can add X-Forwarded-For headers.',
    annotations: { 'service.beta.kubernetes.io/aws-load-balancer-backend-protocol': 'http' },
  },
  {
    id: 'aws-ssl',
    provider: 'AWS',
    title: 'AWS: TLS with an ACM certificate',
    sentence: 'Terminates TLS at the AWS load balancer with the given ACM certificate on the listed ports (replace the example ARN with yours).',
    annotations: {
      'service.beta.kubernetes.io/aws-load-balancer-ssl-cert': 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
      'service.beta.kubernetes.io/aws-load-balancer-ssl-ports': '443',
    },
  },
  {
    id: 'gcp-internal',
    provider: 'Google Cloud',
    title: 'Google Cloud: internal load balancer',
    sentence: 'Creates an internal passthrough load balancer with an address from the VPC subnet instead of a public one.',
    annotations: { 'cloud.google.com/load-balancer-type': 'Internal' },
  },
  {
    id: 'azure-internal',
    provider: 'Azure',
    title: 'Azure: internal load balancer',
    sentence: 'Puts the Service on the internal Azure load balancer, with a private address from the cluster virtual network.',
    annotations: { 'service.beta.kubernetes.io/azure-load-balancer-internal': 'true' },
  },
  {
    id: 'cce-existing-elb',
    provider: 'Huawei Cloud CCE',
    title: 'Huawei CCE: use an existing ELB',
    sentence: 'Attaches the Service to an ELB you already have (replace the example id with your ELB\'s id); class "union" is a shared ELB, "performance" a dedicated one.',
    annotations: { 'kubernetes.io/elb.class': 'union', 'kubernetes.io/elb.id': '00000000-0000-0000-0000-000000000000' },
  },
  {
    id: 'cce-autocreate-elb',
    provider: 'Huawei Cloud CCE',
    title: 'Huawei CCE: create a new public ELB',
    sentence: 'Lets CCE create a shared ELB with a public EIP of 5 Mbit/s for this Service, deleted again with the Service.',
    annotations: {
      'kubernetes.io/elb.class': 'union',
      'kubernetes.io/elb.autocreate':
        '{"type":"public","bandwidth_name":"cce-bandwidth","bandwidth_chargemode":"bandwidth","bandwidth_size":5,"bandwidth_sharetype":"PER","eip_type":"5_bgp"}',
    },
  },
];

export function presetById(id: string): LoadBalancerPreset | undefined {
  return LB_PRESETS.find((p) => p.id === id);
}

/** A copy of the Service with the preset's annotations written (other annotations and fields untouched). */
export function applyPreset(svc: Service, preset: LoadBalancerPreset): Service {
  const out = cloneService(svc);
  out.metadata.annotations = { ...(out.metadata.annotations ?? {}), ...preset.annotations };
  return out;
}

/** Whether every annotation of the preset is present (with any value: values are editable). */
export function presetApplied(svc: Service, preset: LoadBalancerPreset): boolean {
  const a = svc.metadata.annotations ?? {};
  return Object.keys(preset.annotations).every((k) => k in a);
}

/** A copy of the Service without the preset's annotation keys. */
export function removePreset(svc: Service, preset: LoadBalancerPreset): Service {
  const out = cloneService(svc);
  const a = { ...(out.metadata.annotations ?? {}) };
  for (const k of Object.keys(preset.annotations)) delete a[k];
  if (Object.keys(a).length) out.metadata.annotations = a;
  else delete out.metadata.annotations;
  return out;
}
