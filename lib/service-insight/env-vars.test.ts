import { describe, expect, it } from 'vitest';
import { envVarName, formatEnv, serviceEnvVars } from './env-vars';
import { svc } from './test-fixtures';

describe('service environment variables', () => {
  it('matches the documented redis-primary example', () => {
    const s = svc('redis-primary', { clusterIP: '10.0.0.11', clusterIPs: ['10.0.0.11'], ports: [{ port: 6379, protocol: 'TCP' }] });
    expect(formatEnv(serviceEnvVars(s).vars)).toBe(
      [
        'REDIS_PRIMARY_SERVICE_HOST=10.0.0.11',
        'REDIS_PRIMARY_SERVICE_PORT=6379',
        'REDIS_PRIMARY_PORT=tcp://10.0.0.11:6379',
        'REDIS_PRIMARY_PORT_6379_TCP=tcp://10.0.0.11:6379',
        'REDIS_PRIMARY_PORT_6379_TCP_PROTO=tcp',
        'REDIS_PRIMARY_PORT_6379_TCP_PORT=6379',
        'REDIS_PRIMARY_PORT_6379_TCP_ADDR=10.0.0.11',
      ].join('\n'),
    );
  });

  it('adds _SERVICE_PORT_<NAME> for named ports and link variables for every port', () => {
    const s = svc('checkout', {
      clusterIP: '10.96.3.4',
      ports: [
        { name: 'http', port: 8080, protocol: 'TCP' },
        { name: 'metrics-udp', port: 9102, protocol: 'UDP' },
      ],
    });
    const names = serviceEnvVars(s).vars.map((v) => `${v.name}=${v.value}`);
    expect(names).toEqual([
      'CHECKOUT_SERVICE_HOST=10.96.3.4',
      'CHECKOUT_SERVICE_PORT=8080',
      'CHECKOUT_SERVICE_PORT_HTTP=8080',
      'CHECKOUT_SERVICE_PORT_METRICS_UDP=9102',
      'CHECKOUT_PORT=tcp://10.96.3.4:8080',
      'CHECKOUT_PORT_8080_TCP=tcp://10.96.3.4:8080',
      'CHECKOUT_PORT_8080_TCP_PROTO=tcp',
      'CHECKOUT_PORT_8080_TCP_PORT=8080',
      'CHECKOUT_PORT_8080_TCP_ADDR=10.96.3.4',
      'CHECKOUT_PORT_9102_UDP=udp://10.96.3.4:9102',
      'CHECKOUT_PORT_9102_UDP_PROTO=udp',
      'CHECKOUT_PORT_9102_UDP_PORT=9102',
      'CHECKOUT_PORT_9102_UDP_ADDR=10.96.3.4',
    ]);
  });

  it('brackets IPv6 cluster IPs in the URLs (net.JoinHostPort)', () => {
    const vars = serviceEnvVars(svc('v6', { clusterIP: 'fd00::a', ports: [{ port: 80 }] })).vars;
    expect(vars.find((v) => v.name === 'V6_PORT')?.value).toBe('tcp://[fd00::a]:80');
    expect(vars.find((v) => v.name === 'V6_PORT_80_TCP_ADDR')?.value).toBe('fd00::a');
  });

  it('gives none for headless and ExternalName Services, saying why', () => {
    const headless = serviceEnvVars(svc('pg', { clusterIP: 'None', ports: [{ port: 5432 }] }));
    expect(headless.vars).toEqual([]);
    expect(headless.none).toMatch(/Headless/);
    const ext = serviceEnvVars(svc('ext', { type: 'ExternalName', externalName: 'a.example.com' }));
    expect(ext.vars).toEqual([]);
    expect(ext.none).toMatch(/ExternalName/);
  });

  it('upper-cases and turns dashes into underscores', () => {
    expect(envVarName('my-svc-2')).toBe('MY_SVC_2');
  });
});
