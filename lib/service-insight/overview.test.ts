import { describe, expect, it } from 'vitest';
import { metadataEntries, overviewFields } from './overview';
import { svc } from './test-fixtures';

const field = (fields: ReturnType<typeof overviewFields>, key: string) => fields.find((f) => f.key === key);

describe('overview fields', () => {
  it('marks defaulted values as defaults and set values as set', () => {
    const s = svc('web', { selector: { app: 'web' }, sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } }, ports: [{ port: 80 }] });
    const f = overviewFields(s);
    expect(field(f, 'type')).toMatchObject({ values: ['ClusterIP'], isDefault: true });
    expect(field(f, 'sessionAffinity')).toMatchObject({ values: ['ClientIP'], isDefault: false });
    expect(field(f, 'sessionAffinityConfig.clientIP.timeoutSeconds')).toMatchObject({ values: ['10800'], isDefault: true });
    expect(field(f, 'internalTrafficPolicy')).toMatchObject({ values: ['Cluster'], isDefault: true });
    expect(field(f, 'ipFamilyPolicy')).toMatchObject({ values: ['SingleStack'], isDefault: true });
    expect(field(f, 'ipFamilies')).toMatchObject({ values: ['IPv4'], isDefault: true });
    expect(field(f, 'clusterIPs')).toMatchObject({ values: ['10.96.0.10'], isDefault: false });
    expect(field(f, 'selector')).toMatchObject({ values: ['app=web'], isDefault: false });
    expect(field(f, 'loadBalancerClass')).toMatchObject({ values: [], isDefault: true, note: 'only for LoadBalancer' });
  });

  it('calls out headless and Services without a selector', () => {
    const f = overviewFields(svc('pg', { clusterIP: 'None', ports: [{ port: 5432 }] }));
    expect(field(f, 'type')?.note).toMatch(/^headless/);
    expect(field(f, 'clusterIPs')?.note).toBe('headless');
    expect(field(f, 'selector')?.note).toMatch(/no selector/);
  });

  it('LoadBalancer defaults', () => {
    const f = overviewFields(svc('lb', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', allocateLoadBalancerNodePorts: true, ports: [{ port: 80 }] }));
    expect(field(f, 'allocateLoadBalancerNodePorts')).toMatchObject({ values: ['true'], isDefault: true });
    expect(field(f, 'externalTrafficPolicy')).toMatchObject({ values: ['Local'], isDefault: false });
    expect(field(f, 'loadBalancerClass')?.note).toBeUndefined();
  });

  it('folds long label and annotation values', () => {
    expect(metadataEntries({ b: 'x'.repeat(81), a: 'short', c: 'two\nlines' })).toEqual([
      { key: 'a', value: 'short', long: false },
      { key: 'b', value: 'x'.repeat(81), long: true },
      { key: 'c', value: 'two\nlines', long: true },
    ]);
  });

  it('publishNotReadyAddresses unset reads as false (default)', () => {
    const f = overviewFields(svc('web', { selector: { app: 'web' }, ports: [{ port: 80 }] })).find((x) => x.key === 'publishNotReadyAddresses');
    expect(f).toMatchObject({ values: ['false'], isDefault: true });
    const set = overviewFields(svc('pg', { publishNotReadyAddresses: true, ports: [{ port: 80 }] })).find((x) => x.key === 'publishNotReadyAddresses');
    expect(set).toMatchObject({ values: ['true'], isDefault: false });
  });
});
