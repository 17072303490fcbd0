import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../k8s/types';
import { countEndpoints } from './endpoint-counts';
import { endpointStatus } from './endpoint-status';
import { buildRows } from './rows';

const svc = (name: string, spec: Service['spec']): Service => ({ metadata: { name, namespace: 'demo' }, spec });
const slice = (service: string, ports: EndpointSlice['ports'], ready = true): EndpointSlice => ({
  metadata: { name: `${service}-1`, namespace: 'demo', labels: { 'kubernetes.io/service-name': service } },
  addressType: 'IPv4',
  ports,
  endpoints: [{ addresses: ['10.244.1.2'], conditions: { ready }, targetRef: { kind: 'Pod', namespace: 'demo', name: `${service}-pod` } }],
});
const statusOf = (service: Service, slices: EndpointSlice[] = []) => endpointStatus(buildRows([service], countEndpoints(slices)).rows[0]);
const port = [{ port: 80, protocol: 'TCP' as const, targetPort: 8080 }];

describe('endpointStatus (the list agrees with the detail diagnosis)', () => {
  it('flags a Service with no selector and no EndpointSlices as receiving nothing (D-11)', () => {
    expect(statusOf(svc('bare', { type: 'ClusterIP', ports: port }))).toEqual({
      text: 'none',
      tone: 'none',
      title: 'No selector and no EndpointSlices: nothing receives the traffic',
    });
  });

  it('says ExternalName has no endpoints by design, naming the CNAME target (D-11)', () => {
    const s = statusOf(svc('ext', { type: 'ExternalName', externalName: 'db.example.com' }));
    expect(s.tone).toBe('na');
    expect(s.title).toBe('No endpoints by design: DNS answers with a CNAME to db.example.com');
  });

  it('counts hand-managed slices of a Service without selector', () => {
    expect(statusOf(svc('manual', { ports: port }), [slice('manual', [{ port: 8080, protocol: 'TCP' }])])).toMatchObject({ text: '1/1', tone: 'all' });
    expect(statusOf(svc('manual', { ports: port }), [slice('manual', [{ port: 8080 }], false)])).toMatchObject({ text: '0/1', tone: 'none' });
  });

  it('marks ready endpoints whose slices list no ports as serving nothing (D-01)', () => {
    const s = statusOf(svc('inventory', { selector: { app: 'inventory' }, ports: port }), [slice('inventory', null)]);
    expect(s).toMatchObject({ text: '1/1', tone: 'none' });
    expect(s.title).toContain('no ports');
    // A headless Service without ports legitimately has port-less slices.
    expect(statusOf(svc('h', { clusterIP: 'None', selector: { app: 'h' } }), [slice('h', null)])).toMatchObject({ tone: 'all' });
  });

  it('selector with no slice yet: 0/0, no pod matches', () => {
    expect(statusOf(svc('web', { selector: { app: 'web' }, ports: port }))).toMatchObject({ text: '0/0', tone: 'none' });
  });
});
