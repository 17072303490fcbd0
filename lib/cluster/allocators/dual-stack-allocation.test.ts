import { describe, expect, it } from 'vitest';
import type { Service } from '../../k8s/types/service';
import { apiError, setup, svc } from './allocation.test-support';
import { createServiceAllocation } from './index';

const DUAL = '10.96.0.0/12,fd00:10:96::/108';
const web = { selector: { app: 'web' }, ports: [{ name: 'http', port: 80 }] };
const V4 = /^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/;
const V6 = /^fd00:10:96::[0-9a-f]{1,4}$/;

function withSpec(s: Service, spec: Service['spec']): Service {
  return { ...s, spec: { ...s.spec, ...spec } };
}

describe('dual-stack cluster: create', () => {
  it('a Service without a policy stays single-stack on the primary family', () => {
    const { create, alloc } = setup({ serviceCIDR: DUAL });
    expect(alloc.families).toEqual(['IPv4', 'IPv6']);
    const out = create(svc('web', web));
    expect(out.spec?.ipFamilyPolicy).toBe('SingleStack');
    expect(out.spec?.ipFamilies).toEqual(['IPv4']);
    expect(out.spec?.clusterIPs).toHaveLength(1);
  });

  it('PreferDualStack and RequireDualStack get one IP per family, in ipFamilies order', () => {
    const { create, alloc } = setup({ serviceCIDR: DUAL });
    const pref = create(svc('pref', { ...web, ipFamilyPolicy: 'PreferDualStack' }));
    expect(pref.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
    expect(pref.spec?.clusterIPs?.[0]).toMatch(V4);
    expect(pref.spec?.clusterIPs?.[1]).toMatch(V6);
    expect(pref.spec?.clusterIP).toBe(pref.spec?.clusterIPs?.[0]);
    const req = create(svc('req', { ...web, ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6', 'IPv4'] }));
    expect(req.spec?.clusterIPs?.[0]).toMatch(V6);
    expect(req.spec?.clusterIPs?.[1]).toMatch(V4);
    expect(req.spec?.clusterIP).toBe(req.spec?.clusterIPs?.[0]);
    expect(alloc.ipsByFamily.get('IPv6')?.used()).toBe(2);
    expect(alloc.ipsByFamily.get('IPv4')?.used()).toBe(2);
  });

  it('takes requested IPs of both families and fills in a missing secondary', () => {
    const { create, alloc } = setup({ serviceCIDR: DUAL });
    const both = create(svc('both', { ...web, ipFamilyPolicy: 'RequireDualStack', clusterIP: 'fd00:10:96::10', clusterIPs: ['fd00:10:96::10', '10.96.0.10'] }));
    expect(both.spec?.ipFamilies).toEqual(['IPv6', 'IPv4']);
    expect(alloc.ipsByFamily.get('IPv6')?.isAllocated('fd00:10:96::10')).toBe(true);
    const one = create(svc('one', { ...web, ipFamilyPolicy: 'PreferDualStack', clusterIP: '10.96.0.11', clusterIPs: ['10.96.0.11'] }));
    expect(one.spec?.clusterIPs?.[0]).toBe('10.96.0.11');
    expect(one.spec?.clusterIPs?.[1]).toMatch(V6);
  });

  it('a taken secondary is the real 422 and the primary is given back', () => {
    const { create, alloc } = setup({ serviceCIDR: DUAL });
    create(svc('a', { ...web, ipFamilies: ['IPv6'], clusterIP: 'fd00:10:96::5', clusterIPs: ['fd00:10:96::5'] }));
    const err = apiError(() => create(svc('b', { ...web, ipFamilyPolicy: 'RequireDualStack', clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5', 'fd00:10:96::5'] })));
    expect(err.status.message).toBe(
      'Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.5", "fd00:10:96::5"}: failed to allocate IP fd00:10:96::5: provided IP is already allocated',
    );
    expect(alloc.ipsByFamily.get('IPv4')?.isAllocated('10.96.0.5')).toBe(false);
  });

  it('headless Services get families but no IPs', () => {
    const { create, alloc } = setup({ serviceCIDR: DUAL });
    const h = create(svc('h', { ...web, clusterIP: 'None', ipFamilyPolicy: 'PreferDualStack' }));
    expect(h.spec?.clusterIPs).toEqual(['None']);
    expect(h.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
    expect(alloc.ips.used()).toBe(0);
  });

  it('an IPv6-only cluster allocates IPv6 and gives the kubernetes Service ::1', () => {
    const { create, alloc } = setup({ serviceCIDR: 'fd00:10:96::/108' });
    expect(alloc.kubernetesServiceIP).toBe('fd00:10:96::1');
    const out = create(svc('web', web));
    expect(out.spec?.ipFamilies).toEqual(['IPv6']);
    expect(out.spec?.clusterIP).toMatch(V6);
    const err = apiError(() => create(svc('v4', { ...web, clusterIP: '10.96.0.5' })));
    expect(err.status.message).toBe('Service "v4" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.5"}: IPv4 is not configured on this cluster');
  });
});

describe('dual-stack cluster: update', () => {
  it('SingleStack → PreferDualStack allocates the secondary; → SingleStack releases it at commit', () => {
    const { create, update, alloc } = setup({ serviceCIDR: DUAL });
    const single = create(svc('web', web));
    const up = update(withSpec(single, { ipFamilyPolicy: 'PreferDualStack' }), single);
    expect(up.spec?.ipFamilies).toEqual(['IPv4', 'IPv6']);
    expect(up.spec?.clusterIPs?.[0]).toBe(single.spec?.clusterIP);
    const secondary = up.spec?.clusterIPs?.[1] ?? '';
    expect(secondary).toMatch(V6);
    expect(alloc.ipsByFamily.get('IPv6')?.isAllocated(secondary)).toBe(true);

    update(withSpec(up, { ipFamilyPolicy: 'SingleStack' }), up, true);
    expect(alloc.ipsByFamily.get('IPv6')?.isAllocated(secondary)).toBe(true); // dry run keeps it
    const down = update(withSpec(up, { ipFamilyPolicy: 'SingleStack' }), up);
    expect(down.spec?.clusterIPs).toEqual([single.spec?.clusterIP]);
    expect(down.spec?.ipFamilies).toEqual(['IPv4']);
    expect(alloc.ipsByFamily.get('IPv6')?.used()).toBe(0);
  });

  it('a failed upgrade gives nothing away', () => {
    const { create, update, alloc } = setup({ serviceCIDR: DUAL });
    const single = create(svc('web', web));
    expect(() =>
      update(withSpec(single, { ipFamilyPolicy: 'RequireDualStack', clusterIPs: [single.spec?.clusterIP ?? '', 'fd00:10:96::1:0'] }), single),
    ).toThrow('the provided IP (fd00:10:96::1:0) is not in the valid range. The range of valid IPs is fd00:10:96::/108');
    expect(alloc.ipsByFamily.get('IPv6')?.used()).toBe(0);
  });

  it('going to ExternalName releases both families; deleting releases both', () => {
    const { create, update, remove, alloc } = setup({ serviceCIDR: DUAL });
    const a = create(svc('a', { ...web, ipFamilyPolicy: 'RequireDualStack' }));
    update({ ...a, spec: { type: 'ExternalName', externalName: 'x.example.com', ports: a.spec?.ports } }, a);
    expect(alloc.ipsByFamily.get('IPv4')?.used()).toBe(0);
    expect(alloc.ipsByFamily.get('IPv6')?.used()).toBe(0);
    const b = create(svc('b', { ...web, ipFamilyPolicy: 'RequireDualStack' }));
    remove(b);
    expect(alloc.ipsByFamily.get('IPv6')?.used()).toBe(0);
  });

  it('rebuild marks both families', () => {
    const first = setup({ serviceCIDR: DUAL });
    const a = first.create(svc('a', { ...web, ipFamilyPolicy: 'PreferDualStack' }));
    const restarted = createServiceAllocation({ serviceCIDR: DUAL });
    restarted.rebuild([a]);
    expect(restarted.ipsByFamily.get('IPv6')?.isAllocated(a.spec?.clusterIPs?.[1] ?? '')).toBe(true);
    expect(restarted.ips.isAllocated(a.spec?.clusterIP ?? '')).toBe(true);
  });
});
