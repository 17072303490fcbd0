import { describe, expect, it } from 'vitest';
import { FULL_DRAFTS } from './switch-fixtures';
import { applyPreset, LB_PRESETS, presetApplied, presetById, removePreset } from './lb-presets';

describe('cloud load-balancer presets', () => {
  it('cover AWS (internal, NLB, backend protocol, TLS), Google Cloud, Azure and Huawei CCE (class, id, auto-create)', () => {
    const keys = LB_PRESETS.flatMap((p) => Object.keys(p.annotations));
    for (const k of [
      'service.beta.kubernetes.io/aws-load-balancer-scheme',
      'service.beta.kubernetes.io/aws-load-balancer-type',
      'service.beta.kubernetes.io/aws-load-balancer-backend-protocol',
      'service.beta.kubernetes.io/aws-load-balancer-ssl-cert',
      'service.beta.kubernetes.io/aws-load-balancer-ssl-ports',
      'cloud.google.com/load-balancer-type',
      'service.beta.kubernetes.io/azure-load-balancer-internal',
      'kubernetes.io/elb.class',
      'kubernetes.io/elb.id',
      'kubernetes.io/elb.autocreate',
    ]) {
      expect(keys).toContain(k);
    }
    expect(new Set(LB_PRESETS.map((p) => p.id)).size).toBe(LB_PRESETS.length);
  });

  it('each has exactly one sentence', () => {
    for (const p of LB_PRESETS) expect(p.sentence, p.id).toMatch(/^[A-Z][^]*\.$/);
    for (const p of LB_PRESETS) expect(p.sentence.replace(/\([^)]*\)/g, '').split(/\.\s/).length, p.id).toBe(1);
  });

  it.each(LB_PRESETS.map((p) => [p.id]))('%s only writes annotations', (id) => {
    const preset = presetById(id)!;
    const svc = FULL_DRAFTS.LoadBalancer();
    const out = applyPreset(svc, preset);
    expect(out.spec).toEqual(svc.spec);
    expect({ ...out.metadata, annotations: undefined }).toEqual({ ...svc.metadata, annotations: undefined });
    expect(out.metadata.annotations).toEqual({ ...svc.metadata.annotations, ...preset.annotations });
    expect(presetApplied(out, preset)).toBe(true);
    expect(presetApplied(svc, preset)).toBe(false);
    expect(svc.metadata.annotations).toEqual({ 'example.com/keep': 'yes' });
  });

  it('values stay editable: an edited value still counts as the preset, and removing takes only its keys', () => {
    const preset = presetById('aws-ssl')!;
    const out = applyPreset(FULL_DRAFTS.LoadBalancer(), preset);
    out.metadata.annotations!['service.beta.kubernetes.io/aws-load-balancer-ssl-ports'] = '443,8443';
    expect(presetApplied(out, preset)).toBe(true);
    expect(removePreset(out, preset).metadata.annotations).toEqual({ 'example.com/keep': 'yes' });
  });
});
