import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { checkServiceDraft } from './draft';
import { allocated, fmt } from './test-fixtures';

const draft = (spec: Service['spec'], name = 'web'): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec });

describe('checkServiceDraft', () => {
  it('a minimal draft passes and is shown defaulted', () => {
    const r = checkServiceDraft(draft({ selector: { app: 'web' }, ports: [{ port: 80 }] }));
    expect(r.errors).toEqual([]);
    expect(r.prepared.spec).toMatchObject({ type: 'ClusterIP', sessionAffinity: 'None', ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] });
    expect(r.prepared.metadata.namespace).toBe('default');
  });

  it('a LoadBalancer Local draft needs no health-check port yet', () => {
    expect(checkServiceDraft(draft({ type: 'LoadBalancer', externalTrafficPolicy: 'Local', ports: [{ port: 80 }] })).errors).toEqual([]);
  });

  it('reports the server messages', () => {
    const r = checkServiceDraft(draft({ type: 'NodePort', ports: [{ port: 80, nodePort: 99999 }] }, 'Web'));
    expect(fmt(r.errors)).toEqual([
      "metadata.name: Invalid value: \"Web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      'spec.ports[0].nodePort: Invalid value: 99999: must be between 1 and 65535, inclusive',
    ]);
  });

  it('an edit of a stored Service keeps its allocations and type-change drops', () => {
    const prev = allocated({ type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] });
    const r = checkServiceDraft({ ...prev, spec: { ...prev.spec, type: 'ClusterIP' } }, prev);
    expect(r.errors).toEqual([]);
    expect(r.prepared.spec?.ports?.[0].nodePort).toBeUndefined();
  });

  it('an edit may not change the clusterIP', () => {
    const prev = allocated();
    const r = checkServiceDraft({ ...prev, spec: { ...prev.spec, clusterIP: '10.96.0.99', clusterIPs: ['10.96.0.99'] } }, prev);
    expect(fmt(r.errors)).toEqual(['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set']);
  });

  it('returns warnings', () => {
    const r = checkServiceDraft(draft({ ports: [{ port: 80 }], externalName: 'x.example.com' }));
    expect(r.warnings).toEqual(['spec.externalName is ignored when spec.type is not "ExternalName"']);
  });
});

describe('checkServiceDraft with the cluster IP families', () => {
  const web = { selector: { app: 'web' }, ports: [{ port: 80 }] };

  it('skips the cluster-dependent family checks when the families are not given', () => {
    expect(checkServiceDraft(draft({ ...web, ipFamilyPolicy: 'RequireDualStack' })).errors).toEqual([]);
  });

  it('reports what the server reports for the families it has, and shows them defaulted', () => {
    const single = checkServiceDraft(draft({ ...web, ipFamilyPolicy: 'RequireDualStack' }), undefined, undefined, { clusterIPFamilies: ['IPv4'] });
    expect(fmt(single.errors)).toEqual(['spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services']);
    const dual = checkServiceDraft(draft({ ...web, ipFamilyPolicy: 'PreferDualStack', ipFamilies: ['IPv6'] }), undefined, undefined, { clusterIPFamilies: ['IPv4', 'IPv6'] });
    expect(dual.errors).toEqual([]);
    expect(dual.prepared.spec?.ipFamilies).toEqual(['IPv6', 'IPv4']);
  });

  it('an update that drops the secondary without SingleStack is refused', () => {
    const prev = allocated({ ipFamilyPolicy: 'PreferDualStack', clusterIPs: ['10.96.0.10', 'fd00::10'], ipFamilies: ['IPv4', 'IPv6'] });
    const next = { ...prev, spec: { ...prev.spec, clusterIPs: ['10.96.0.10'] } };
    expect(fmt(checkServiceDraft(next, prev, undefined, { clusterIPFamilies: ['IPv4', 'IPv6'] }).errors)).toEqual([
      "spec.ipFamilyPolicy: Invalid value: \"PreferDualStack\": must be 'SingleStack' to release the secondary cluster IP",
    ]);
  });
});
