import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { kindsOnUpdate } from './kinds-on-update';

const stored = (spec: Service['spec']): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'demo', resourceVersion: '7', uid: 'u1' },
  spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 }], ...spec },
});
const refused = (s: Service) => Object.fromEntries(kindsOnUpdate(s).map((k) => [k.kind, k.refused ?? null]));

describe('kindsOnUpdate', () => {
  it('a Service with an allocated cluster IP may not become headless, and the reason is the server’s', () => {
    const r = refused(stored({ type: 'ClusterIP', clusterIP: '10.96.0.12', clusterIPs: ['10.96.0.12'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' }));
    expect(r.ClusterIP).toBeNull();
    expect(r.NodePort).toBeNull();
    expect(r.LoadBalancer).toBeNull();
    expect(r.ExternalName).toBeNull();
    expect(r.headless).toMatch(/^spec\.clusterIPs?(\[0\])?: Invalid value: .*may not change once set|field is immutable/);
  });

  it('a headless Service may not get a cluster IP (ClusterIP, NodePort, LoadBalancer), but may become ExternalName', () => {
    const r = refused(stored({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' }));
    expect(r.headless).toBeNull();
    expect(r.ExternalName).toBeNull();
    for (const k of ['ClusterIP', 'NodePort', 'LoadBalancer']) expect(r[k], k).toMatch(/^spec\.clusterIP/);
  });

  it('an ExternalName Service may become any kind (its cluster IP is allocated by the switch)', () => {
    const r = refused(stored({ type: 'ExternalName', externalName: 'db.example.com', selector: undefined, ports: undefined }));
    expect(Object.values(r).every((v) => v === null)).toBe(true);
  });
});
