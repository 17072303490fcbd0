import { describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_OPTIONS, parseClusterArgs } from './options';

describe('parseClusterArgs', () => {
  it('has the documented defaults', () => {
    expect(parseClusterArgs([])).toEqual(DEFAULT_CLUSTER_OPTIONS);
    expect(DEFAULT_CLUSTER_OPTIONS).toMatchObject({ port: 6443, serviceClusterIPRange: '10.96.0.0/12', serviceNodePortRange: '30000-32767', lbPool: '172.18.255.0/24' });
  });

  it('reads every flag, with spaces or =', () => {
    const o = parseClusterArgs([
      '--',
      '--port',
      '0',
      '--data-dir=.porthole/data',
      '--write-kubeconfig',
      'kc',
      '--service-cluster-ip-range',
      '10.0.0.0/16',
      '--service-node-port-range=31000-31999',
      '--lb-pool',
      '192.168.1.0/24',
      '--tokens-file',
      't.csv',
      '--anonymous-auth',
      '--empty',
      '--history-size',
      '50',
    ]);
    expect(o).toEqual({
      port: 0,
      dataDir: '.porthole/data',
      writeKubeconfig: 'kc',
      serviceClusterIPRange: '10.0.0.0/16',
      serviceNodePortRange: '31000-31999',
      lbPool: '192.168.1.0/24',
      tokensFile: 't.csv',
      anonymousAuth: true,
      empty: true,
      historySize: 50,
    });
    expect(parseClusterArgs(['--anonymous-auth=false']).anonymousAuth).toBe(false);
  });

  it('refuses unknown flags and bad values', () => {
    expect(() => parseClusterArgs(['--nope'])).toThrow('unknown flag: --nope');
    expect(() => parseClusterArgs(['--port', '70000'])).toThrow('invalid --port: 70000');
    expect(() => parseClusterArgs(['--data-dir'])).toThrow('flag needs an argument: --data-dir');
  });
});

describe('parseClusterArgs: dual-stack service range', () => {
  it('accepts an IPv4 and an IPv6 CIDR and refuses two of one family', () => {
    expect(parseClusterArgs(['--service-cluster-ip-range', '10.96.0.0/12,fd00:10:96::/108']).serviceClusterIPRange).toBe(
      '10.96.0.0/12,fd00:10:96::/108',
    );
    expect(() => parseClusterArgs(['--service-cluster-ip-range=10.96.0.0/12,10.0.0.0/16'])).toThrow('must be of different IP family');
  });
});
