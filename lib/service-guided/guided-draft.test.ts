import { describe, expect, it } from 'vitest';
import { checkServiceDraft } from '../service';
import { EMPTY_GUIDED_STATE, guidedService, parseGuidedState, portsFromOffered, stepFromParam, stepOfField, suggestServiceName, type GuidedState } from './guided-draft';

const base: GuidedState = {
  ...EMPTY_GUIDED_STATE,
  namespace: 'shop',
  selector: { app: 'web' },
  name: 'web',
  ports: [{ name: '', port: 80, targetPort: 'http', protocol: 'TCP' }],
};

describe('guidedService', () => {
  it('builds a valid ClusterIP Service with a named targetPort', () => {
    const svc = guidedService(base);
    expect(svc).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'shop' },
      spec: { type: 'ClusterIP', selector: { app: 'web' }, ports: [{ protocol: 'TCP', port: 80, targetPort: 'http' }] },
    });
    expect(checkServiceDraft(svc).errors).toEqual([]);
  });
  it('headless is a ClusterIP Service with clusterIP None', () => {
    expect(guidedService({ ...base, kind: 'headless' }).spec).toMatchObject({ type: 'ClusterIP', clusterIP: 'None' });
  });
  it('ExternalName has no selector and no ports', () => {
    const svc = guidedService({ ...base, kind: 'ExternalName', externalName: ' db.example.com ' });
    expect(svc.spec).toEqual({ type: 'ExternalName', externalName: 'db.example.com' });
    expect(checkServiceDraft(svc).errors).toEqual([]);
  });
  it('numeric targetPorts become numbers, an empty one is left out; mistakes reach checkServiceDraft', () => {
    const svc = guidedService({ ...base, ports: [{ name: 'a', port: 80, targetPort: '8080', protocol: 'TCP' }, { name: '', port: null, targetPort: '', protocol: 'UDP' }] });
    expect(svc.spec?.ports).toEqual([{ name: 'a', protocol: 'TCP', port: 80, targetPort: 8080 }, { protocol: 'UDP', port: 0 }]);
    const fields = checkServiceDraft(svc).errors.map((e) => e.field);
    expect(fields).toContain('spec.ports[1].name');
    expect(fields).toContain('spec.ports[1].port');
  });
});

describe('portsFromOffered', () => {
  it('one port per container port, by name, names invented when several are unnamed', () => {
    expect(portsFromOffered([{ name: 'http', containerPort: 8080, protocol: 'TCP', pods: 2, containers: ['app'] }])).toEqual([
      { name: 'http', port: 8080, targetPort: 'http', protocol: 'TCP' },
    ]);
    expect(
      portsFromOffered([
        { containerPort: 8080, protocol: 'TCP', pods: 2, containers: ['app'] },
        { containerPort: 53, protocol: 'UDP', pods: 2, containers: ['app'] },
        { name: 'alt', containerPort: 8080, protocol: 'TCP', pods: 1, containers: ['app'] },
      ]),
    ).toEqual([
      { name: 'tcp-8080', port: 8080, targetPort: '8080', protocol: 'TCP' },
      { name: 'udp-53', port: 53, targetPort: '53', protocol: 'UDP' },
    ]);
  });
});

describe('state helpers', () => {
  it('suggests a DNS-label name from the app labels', () => {
    expect(suggestServiceName({ tier: 'x', app: 'Web_Shop' })).toBe('web-shop');
    expect(suggestServiceName({ 'app.kubernetes.io/name': 'cart', app: 'x' })).toBe('cart');
    expect(suggestServiceName({ 'pod-template-hash': 'abc', role: '9db' })).toBe('db');
    expect(suggestServiceName({})).toBe('');
  });
  it('sends each field to the step that asks for it', () => {
    expect(['spec.selector', 'metadata.namespace', 'metadata.name', 'spec.externalName', 'spec.ports[0].targetPort', 'spec.ports', 'spec.sessionAffinity'].map(stepOfField)).toEqual([1, 1, 2, 2, 3, 3, 4]);
  });
  it('steps from the URL', () => {
    expect(stepFromParam('3')).toBe(3);
    expect(stepFromParam('9')).toBe(1);
    expect(stepFromParam('x')).toBe(1);
    expect(stepFromParam(null)).toBe(1);
  });
  it('reads stored state defensively', () => {
    expect(parseGuidedState(JSON.stringify(base))).toEqual(base);
    expect(parseGuidedState('{not json')).toEqual(EMPTY_GUIDED_STATE);
    expect(parseGuidedState(JSON.stringify({ kind: 'Bogus', selector: { a: 1, b: 'x' }, ports: [{ port: '8' }] }))).toMatchObject({
      kind: 'ClusterIP',
      selector: { b: 'x' },
      ports: [{ name: '', port: null, targetPort: '', protocol: 'TCP' }],
    });
  });
});
