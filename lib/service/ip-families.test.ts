import { describe, expect, it } from 'vitest';
import type { IPFamily, ServiceSpec } from '../k8s/types';
import { defaultIPFamilies, type ClusterIPFamilies } from './ip-families';
import { allocated, defaulted, fmt } from './test-fixtures';

const V4: ClusterIPFamilies = ['IPv4'];
const V6: ClusterIPFamilies = ['IPv6'];
const DUAL: ClusterIPFamilies = ['IPv4', 'IPv6'];
const DUAL6: ClusterIPFamilies = ['IPv6', 'IPv4'];

interface Row {
  name: string;
  cluster: ClusterIPFamilies;
  spec: ServiceSpec;
  policy?: string;
  families?: IPFamily[];
  errors?: string[];
}

const NOT_DUAL = "spec.ipFamilyPolicy: Invalid value: \"RequireDualStack\": this cluster is not configured for dual-stack services";

const rows: Row[] = [
  // single-stack IPv4 cluster
  { name: 'v4: no policy', cluster: V4, spec: {}, policy: 'SingleStack', families: ['IPv4'] },
  { name: 'v4: PreferDualStack stays single', cluster: V4, spec: { ipFamilyPolicy: 'PreferDualStack' }, policy: 'PreferDualStack', families: ['IPv4'] },
  { name: 'v4: RequireDualStack refused', cluster: V4, spec: { ipFamilyPolicy: 'RequireDualStack' }, errors: [NOT_DUAL] },
  {
    name: 'v4: RequireDualStack with both families refused',
    cluster: V4,
    spec: { ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4', 'IPv6'] },
    errors: [NOT_DUAL, 'spec.ipFamilies[1]: Invalid value: "IPv6": not configured on this cluster'],
  },
  { name: 'v4: IPv6 family refused', cluster: V4, spec: { ipFamilies: ['IPv6'] }, errors: ['spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster'] },
  {
    name: 'v4: an IPv6 clusterIP names its family',
    cluster: V4,
    spec: { clusterIP: 'fd00::5', clusterIPs: ['fd00::5'] },
    errors: ['spec.clusterIPs[0]: Invalid value: []string{"fd00::5"}: IPv6 is not configured on this cluster'],
  },
  {
    name: 'v4: SingleStack with two families',
    cluster: V4,
    spec: { ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv4', 'IPv6'] },
    errors: ["spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"],
  },
  {
    name: 'v4: SingleStack with two cluster IPs',
    cluster: DUAL,
    spec: { ipFamilyPolicy: 'SingleStack', clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5', 'fd00::5'] },
    errors: ["spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"],
  },
  { name: 'v4: headless selectorless defaults to RequireDualStack, both families', cluster: V4, spec: { clusterIP: 'None', clusterIPs: ['None'], selector: {} }, policy: 'RequireDualStack', families: ['IPv4', 'IPv6'] },
  { name: 'v4: headless with selector is single', cluster: V4, spec: { clusterIP: 'None', clusterIPs: ['None'] }, policy: 'SingleStack', families: ['IPv4'] },
  { name: 'v4: headless with selector, RequireDualStack refused', cluster: V4, spec: { clusterIP: 'None', clusterIPs: ['None'], ipFamilyPolicy: 'RequireDualStack' }, errors: [NOT_DUAL] },
  {
    name: 'mismatched family and IP (validation first)',
    cluster: DUAL,
    spec: { ipFamilyPolicy: 'PreferDualStack', clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5'], ipFamilies: ['IPv6'] },
    errors: ['spec.clusterIPs[0]: Invalid value: "10.96.0.5": expected an IPv6 value as indicated by `ipFamilies[0]`'],
  },
  {
    name: 'two IPs of one family',
    cluster: DUAL,
    spec: { ipFamilyPolicy: 'PreferDualStack', clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5', '10.96.0.6'] },
    errors: ['spec.clusterIPs: Invalid value: []string{"10.96.0.5", "10.96.0.6"}: may specify no more than one IP for each IP family'],
  },
  // dual-stack cluster, IPv4 primary
  { name: 'dual: no policy is single, primary family', cluster: DUAL, spec: {}, policy: 'SingleStack', families: ['IPv4'] },
  { name: 'dual: PreferDualStack gets both, primary first', cluster: DUAL, spec: { ipFamilyPolicy: 'PreferDualStack' }, policy: 'PreferDualStack', families: ['IPv4', 'IPv6'] },
  { name: 'dual: RequireDualStack with IPv6 first', cluster: DUAL, spec: { ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6'] }, families: ['IPv6', 'IPv4'] },
  { name: 'dual: SingleStack IPv6', cluster: DUAL, spec: { ipFamilies: ['IPv6'] }, policy: 'SingleStack', families: ['IPv6'] },
  { name: 'dual: family inferred from an IPv6 clusterIP', cluster: DUAL, spec: { ipFamilyPolicy: 'PreferDualStack', clusterIP: 'fd00:10:96::5', clusterIPs: ['fd00:10:96::5'] }, families: ['IPv6', 'IPv4'] },
  // dual-stack cluster, IPv6 primary; IPv6-only cluster
  { name: 'dual6: default family is IPv6', cluster: DUAL6, spec: {}, families: ['IPv6'] },
  { name: 'dual6: PreferDualStack', cluster: DUAL6, spec: { ipFamilyPolicy: 'PreferDualStack' }, families: ['IPv6', 'IPv4'] },
  { name: 'v6: default family is IPv6', cluster: V6, spec: {}, families: ['IPv6'] },
  { name: 'v6: PreferDualStack stays single', cluster: V6, spec: { ipFamilyPolicy: 'PreferDualStack' }, families: ['IPv6'] },
  { name: 'v6: IPv4 refused', cluster: V6, spec: { ipFamilies: ['IPv4'] }, errors: ['spec.ipFamilies[0]: Invalid value: "IPv4": not configured on this cluster'] },
  { name: 'ExternalName is left alone', cluster: DUAL, spec: { type: 'ExternalName', externalName: 'x.example.com' }, policy: undefined, families: undefined },
];

describe('initIPFamilyFields on create (policy x cluster families)', () => {
  for (const row of rows) {
    it(row.name, () => {
      const { service, errors } = defaultIPFamilies(defaulted(row.spec), undefined, row.cluster);
      if (row.errors) {
        expect(fmt(errors)).toEqual(row.errors);
        return;
      }
      expect(fmt(errors)).toEqual([]);
      if ('policy' in row) expect(service.spec?.ipFamilyPolicy).toBe(row.policy);
      expect(service.spec?.ipFamilies).toEqual(row.families);
    });
  }
});

describe('initIPFamilyFields on update', () => {
  const dual = allocated({ ipFamilyPolicy: 'PreferDualStack', clusterIPs: ['10.96.0.10', 'fd00::10'], ipFamilies: ['IPv4', 'IPv6'] });
  const single = allocated();

  it('SingleStack on an unchanged dual-stack Service drops the secondary IP and family', () => {
    const { service, errors } = defaultIPFamilies({ ...dual, spec: { ...dual.spec, ipFamilyPolicy: 'SingleStack' } }, dual, DUAL);
    expect(errors).toEqual([]);
    expect(service.spec?.clusterIPs).toEqual(['10.96.0.10']);
    expect(service.spec?.ipFamilies).toEqual(['IPv4']);
  });

  it('dropping the secondary without SingleStack is refused', () => {
    const next = { ...dual, spec: { ...dual.spec, clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4' as const] } };
    expect(fmt(defaultIPFamilies(next, dual, DUAL).errors)).toEqual([
      "spec.ipFamilyPolicy: Invalid value: \"PreferDualStack\": must be 'SingleStack' to release the secondary cluster IP",
      "spec.ipFamilyPolicy: Invalid value: \"PreferDualStack\": must be 'SingleStack' to release the secondary IP family",
    ]);
  });

  it('PreferDualStack on a single-stack Service adds the other family (upgrade)', () => {
    const { service, errors } = defaultIPFamilies({ ...single, spec: { ...single.spec, ipFamilyPolicy: 'PreferDualStack' } }, single, DUAL);
    expect(errors).toEqual([]);
    expect(service.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
  });

  it('an unchanged PreferDualStack Service is neither upgraded nor downgraded', () => {
    const pref = allocated({ ipFamilyPolicy: 'PreferDualStack' });
    expect(defaultIPFamilies(pref, pref, DUAL).service.spec?.ipFamilies).toEqual(['IPv4']);
    expect(defaultIPFamilies(dual, dual, V4).service.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
  });

  it('without a policy the old one is kept', () => {
    const next = { ...dual, spec: { ...dual.spec, ipFamilyPolicy: undefined } };
    expect(defaultIPFamilies(next, dual, DUAL).service.spec?.ipFamilyPolicy).toBe('PreferDualStack');
  });

  it('RequireDualStack on a single-stack cluster is refused on update too', () => {
    const next = { ...single, spec: { ...single.spec, ipFamilyPolicy: 'RequireDualStack' as const } };
    expect(fmt(defaultIPFamilies(next, single, V4).errors)).toEqual([NOT_DUAL]);
  });
});
