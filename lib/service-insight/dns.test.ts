import { describe, expect, it } from 'vitest';
import { dashedAddress, headlessEndpointRecords, podDnsName, serviceDnsAnswer, serviceDnsNames, serviceFqdn, srvName, srvRecords } from './dns';
import { groupSlices, allEndpoints } from './endpoints';
import { slice, svc } from './test-fixtures';

describe('service DNS names', () => {
  const s = svc('my-service', { ports: [{ name: 'http', port: 80, protocol: 'TCP' }] }, 'my-ns');

  it('gives the FQDN and the short forms', () => {
    expect(serviceFqdn(s)).toBe('my-service.my-ns.svc.cluster.local');
    expect(serviceDnsNames(s).map((n) => n.name)).toEqual(['my-service', 'my-service.my-ns', 'my-service.my-ns.svc', 'my-service.my-ns.svc.cluster.local']);
  });

  it('honours another cluster domain', () => {
    expect(serviceFqdn(s, 'corp.example')).toBe('my-service.my-ns.svc.corp.example');
    expect(serviceDnsNames(s, 'corp.example')[3].name).toBe('my-service.my-ns.svc.corp.example');
  });

  it('answers A with the cluster IPs, CNAME for ExternalName, endpoints for headless', () => {
    expect(serviceDnsAnswer(s)).toEqual({ kind: 'A', addresses: ['10.96.0.10'] });
    expect(serviceDnsAnswer(svc('db', { type: 'ExternalName', externalName: 'db.example.com' }))).toEqual({ kind: 'CNAME', target: 'db.example.com' });
    expect(serviceDnsAnswer(svc('pg', { clusterIP: 'None' })).kind).toBe('endpoints');
  });
});

describe('SRV records', () => {
  it('exist for named ports only, protocol lower-cased', () => {
    const s = svc('my-service', { ports: [{ name: 'http', port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }, { name: 'dns', port: 53, protocol: 'UDP' }] }, 'my-ns');
    expect(srvRecords(s)).toEqual([
      { query: '_http._tcp.my-service.my-ns.svc.cluster.local', portName: 'http', protocol: 'TCP', port: 80, target: 'my-service.my-ns.svc.cluster.local' },
      { query: '_dns._udp.my-service.my-ns.svc.cluster.local', portName: 'dns', protocol: 'UDP', port: 53, target: 'my-service.my-ns.svc.cluster.local' },
    ]);
    expect(srvName(s, 'http')).toBe('_http._tcp.my-service.my-ns.svc.cluster.local');
  });

  it('defaults an unset protocol to tcp', () => {
    expect(srvRecords(svc('a', { ports: [{ name: 'web', port: 8080 }] }))[0].query).toBe('_web._tcp.a.shop.svc.cluster.local');
  });

  it('has none for ExternalName', () => {
    expect(srvRecords(svc('x', { type: 'ExternalName', externalName: 'x.example.com', ports: [{ name: 'https', port: 443 }] }))).toEqual([]);
  });

  it('points at each ready endpoint of a headless Service with the endpoint port', () => {
    const s = svc('postgres', { clusterIP: 'None', ports: [{ name: 'postgres', port: 5432, targetPort: 'postgres' }] });
    const eps = allEndpoints(
      groupSlices([
        slice(
          'postgres-abc',
          'postgres',
          [
            { addresses: ['10.244.1.5'], hostname: 'postgres-0', conditions: { ready: true }, targetRef: { kind: 'Pod', name: 'postgres-0' } },
            { addresses: ['10.244.2.6'], conditions: { ready: true } },
            { addresses: ['10.244.3.7'], hostname: 'postgres-2', conditions: { ready: false } },
          ],
          { ports: [{ name: 'postgres', port: 5432, protocol: 'TCP' }] },
        ),
      ]),
    );
    expect(srvRecords(s, eps).map((r) => `${r.target}:${r.port}`)).toEqual([
      'postgres-0.postgres.shop.svc.cluster.local:5432',
      '10-244-2-6.postgres.shop.svc.cluster.local:5432',
    ]);
  });
});

describe('headless per-endpoint records', () => {
  const s = svc('postgres', { clusterIP: 'None', ports: [{ name: 'postgres', port: 5432 }] }, 'shop');
  const eps = allEndpoints(
    groupSlices([
      slice('p1', 'postgres', [
        { addresses: ['10.244.1.5'], hostname: 'postgres-0', conditions: { ready: true }, targetRef: { kind: 'Pod', name: 'postgres-0' } },
        { addresses: ['10.244.2.6'], conditions: { ready: false }, targetRef: { kind: 'Pod', name: 'postgres-1' } },
      ]),
      slice('p6', 'postgres', [{ addresses: ['fd00::6'], conditions: {} }], { addressType: 'IPv6' }),
    ]),
  );

  it('names endpoints by hostname (hostname + subdomain) or by dashed address', () => {
    expect(headlessEndpointRecords(s, eps).map((r) => [r.name, r.address, r.by, r.published])).toEqual([
      ['postgres-0.postgres.shop.svc.cluster.local', '10.244.1.5', 'hostname', true],
      ['10-244-2-6.postgres.shop.svc.cluster.local', '10.244.2.6', 'address', false],
      ['fd00--6.postgres.shop.svc.cluster.local', 'fd00::6', 'address', true],
    ]);
  });

  it('has none for a Service with a virtual IP', () => {
    expect(headlessEndpointRecords(svc('web', {}), eps)).toEqual([]);
  });

  it('dashes IPv4 and IPv6 addresses and names pods', () => {
    expect(dashedAddress('10.244.1.5')).toBe('10-244-1-5');
    expect(dashedAddress('2001:db8::1')).toBe('2001-db8--1');
    expect(podDnsName('10.244.1.5', 'demo')).toBe('10-244-1-5.demo.pod.cluster.local');
  });
});
