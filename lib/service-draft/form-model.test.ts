import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { applyForm, newServiceSkeleton, toForm, type ServiceForm } from './form-model';

/** A stored LoadBalancer with everything a form does not show. */
function stored(): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'web',
      namespace: 'shop',
      uid: 'u-1',
      resourceVersion: '42',
      creationTimestamp: '2024-01-02T03:04:05Z',
      labels: { app: 'web' },
      annotations: { 'example.com/owner': 'team-a', 'kubectl.kubernetes.io/last-applied-configuration': '{"x":1}' },
      finalizers: ['service.kubernetes.io/load-balancer-cleanup'],
      managedFields: [{ manager: 'kubectl', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:type': {} } } }],
    },
    spec: {
      type: 'LoadBalancer',
      selector: { app: 'web' },
      ports: [
        { name: 'http', protocol: 'TCP', port: 80, targetPort: 'http', nodePort: 30080 },
        { name: 'https', protocol: 'TCP', port: 443, targetPort: 8443, nodePort: 30443, appProtocol: 'https' },
      ],
      clusterIP: '10.96.0.10',
      clusterIPs: ['10.96.0.10'],
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      sessionAffinity: 'None',
      externalTrafficPolicy: 'Cluster',
      internalTrafficPolicy: 'Cluster',
      allocateLoadBalancerNodePorts: true,
      // A field this version of the form does not know about.
      ...({ futureField: { enabled: true } } as object),
    },
    status: { loadBalancer: { ingress: [{ ip: '172.18.255.1', ipMode: 'VIP' }] }, conditions: [] },
    ...({ extraTopLevel: 'kept' } as object),
  };
}

function withPortExtra(svc: Service): Service {
  const p = svc.spec!.ports![0] as unknown as Record<string, unknown>;
  p.futurePortField = 'x';
  return svc;
}

describe('form model round trip', () => {
  it('an untouched form gives back the object exactly (unknown fields, annotations, status, managedFields)', () => {
    const svc = withPortExtra(stored());
    const { service, problems } = applyForm(toForm(svc), svc);
    expect(problems).toEqual([]);
    expect(service).toEqual(svc);
    expect(JSON.stringify(service)).toBe(JSON.stringify(svc));
  });

  it('one edited field changes only that field', () => {
    const svc = withPortExtra(stored());
    const form = toForm(svc);
    form.ports[0] = { ...form.ports[0], port: '8080' };
    const { service } = applyForm(form, svc);
    const expected = withPortExtra(stored());
    expected.spec!.ports![0].port = 8080;
    expect(service).toEqual(expected);
  });

  it('edited labels keep unmanaged annotations, status and managedFields', () => {
    const svc = stored();
    const form = toForm(svc);
    form.labels = [...form.labels, { id: 'n', key: 'tier', value: 'front' }];
    const { service } = applyForm(form, svc);
    expect(service.metadata.labels).toEqual({ app: 'web', tier: 'front' });
    expect(service.metadata.annotations).toEqual(svc.metadata.annotations);
    expect(service.metadata.managedFields).toEqual(svc.metadata.managedFields);
    expect(service.status).toEqual(svc.status);
    expect((service.spec as Record<string, unknown>).futureField).toEqual({ enabled: true });
  });

  it('removing, reordering and adding ports keeps each port its own unknown keys', () => {
    const svc = withPortExtra(stored());
    const form = toForm(svc);
    form.ports = [form.ports[1], form.ports[0], { ...form.ports[0], id: 'new', origin: -1, name: 'metrics', port: '9090', targetPort: 'metrics', nodePort: '' }];
    const { service } = applyForm(form, svc);
    expect(service.spec?.ports).toEqual([
      { name: 'https', protocol: 'TCP', port: 443, targetPort: 8443, nodePort: 30443, appProtocol: 'https' },
      { name: 'http', protocol: 'TCP', port: 80, targetPort: 'http', nodePort: 30080, futurePortField: 'x' },
      { name: 'metrics', protocol: 'TCP', port: 9090, targetPort: 'metrics' },
    ]);
  });

  it('"no selector" removes the selector; rows write it back', () => {
    const svc = stored();
    const form: ServiceForm = { ...toForm(svc), selectorMode: 'none' };
    expect(applyForm(form, svc).service.spec?.selector).toBeUndefined();
    const back = { ...form, selectorMode: 'selector' as const, selector: [{ id: 'a', key: 'app', value: 'api' }] };
    expect(applyForm(back, svc).service.spec?.selector).toEqual({ app: 'api' });
  });

  it('text that is not a number is reported at its field and left out', () => {
    const svc = stored();
    const form = toForm(svc);
    form.ports[0] = { ...form.ports[0], nodePort: '30o80' };
    form.healthCheckNodePort = 'x';
    const { service, problems } = applyForm(form, svc);
    expect(problems).toEqual([
      { field: 'spec.ports[0].nodePort', text: '30o80' },
      { field: 'spec.healthCheckNodePort', text: 'x' },
    ]);
    expect(service.spec?.ports?.[0].nodePort).toBeUndefined();
  });

  it('a number targetPort is a number, a name stays a string, empty is left out', () => {
    const svc = stored();
    const form = toForm(svc);
    form.ports[0] = { ...form.ports[0], targetPort: '8080' };
    form.ports[1] = { ...form.ports[1], targetPort: '' };
    const { service } = applyForm(form, svc);
    expect(service.spec?.ports?.[0].targetPort).toBe(8080);
    expect(service.spec?.ports?.[1]).not.toHaveProperty('targetPort');
  });

  it('clusterIP modes: allocated, fixed, headless', () => {
    const svc = newServiceSkeleton('ClusterIP', 'shop');
    const form = toForm(svc);
    expect(form.clusterIPMode).toBe('allocated');
    const fixed = applyForm({ ...form, clusterIPMode: 'fixed', clusterIP: '10.96.0.50' }, svc).service;
    expect(fixed.spec).toMatchObject({ clusterIP: '10.96.0.50', clusterIPs: ['10.96.0.50'] });
    const headless = applyForm({ ...form, clusterIPMode: 'headless' }, svc).service;
    expect(headless.spec).toMatchObject({ clusterIP: 'None', clusterIPs: ['None'] });
  });

  it('generateName instead of name', () => {
    const svc = newServiceSkeleton('NodePort', 'shop');
    const out = applyForm({ ...toForm(svc), nameMode: 'generateName', generateName: 'web-' }, svc).service;
    expect(out.metadata).toEqual({ namespace: 'shop', generateName: 'web-' });
  });

  it('a create skeleton of each kind maps to the form of that kind', () => {
    for (const kind of ['ClusterIP', 'headless', 'NodePort', 'LoadBalancer', 'ExternalName'] as const) {
      const svc = newServiceSkeleton(kind, 'shop');
      expect(toForm(svc).kind).toBe(kind);
      expect(applyForm(toForm(svc), svc).service).toEqual(svc);
    }
  });

  it('every field of the form is written', () => {
    const svc = newServiceSkeleton('LoadBalancer', 'shop');
    const form: ServiceForm = {
      ...toForm(svc),
      name: 'web',
      annotations: [{ id: 'a', key: 'example.com/a', value: '1' }],
      ipFamilyPolicy: 'SingleStack',
      ipFamilies: ['IPv4'],
      sessionAffinity: 'ClientIP',
      affinityTimeout: '600',
      internalTrafficPolicy: 'Local',
      externalTrafficPolicy: 'Local',
      healthCheckNodePort: '32000',
      externalIPs: ['192.0.2.10', ' '],
      publishNotReadyAddresses: true,
      trafficDistribution: 'PreferClose',
      loadBalancerClass: 'example.com/lb',
      loadBalancerSourceRanges: ['10.0.0.0/8'],
      allocateLoadBalancerNodePorts: 'false',
      loadBalancerIP: '172.18.255.9',
    };
    const { service } = applyForm(form, svc);
    expect(service.metadata).toEqual({ namespace: 'shop', name: 'web', annotations: { 'example.com/a': '1' } });
    expect(service.spec).toEqual({
      type: 'LoadBalancer',
      selector: {},
      ports: [{ protocol: 'TCP', port: 80 }],
      ipFamilyPolicy: 'SingleStack',
      ipFamilies: ['IPv4'],
      sessionAffinity: 'ClientIP',
      sessionAffinityConfig: { clientIP: { timeoutSeconds: 600 } },
      internalTrafficPolicy: 'Local',
      externalTrafficPolicy: 'Local',
      healthCheckNodePort: 32000,
      externalIPs: ['192.0.2.10'],
      publishNotReadyAddresses: true,
      trafficDistribution: 'PreferClose',
      loadBalancerClass: 'example.com/lb',
      loadBalancerSourceRanges: ['10.0.0.0/8'],
      allocateLoadBalancerNodePorts: false,
      loadBalancerIP: '172.18.255.9',
    });
  });
});
