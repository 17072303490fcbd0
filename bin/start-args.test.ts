import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStartArgs, UsageError, type StartArgs, type StartEnv } from './start-args';

const ROOT = '/srv/porthole';
const parse = (argv: string[], env: StartEnv = {}): StartArgs => {
  const parsed = parseStartArgs(argv, ROOT, env);
  if (parsed === 'help') throw new Error('unexpected help');
  return parsed;
};
const refusal = (argv: string[], env: StartEnv = {}): string => {
  try {
    parseStartArgs(argv, ROOT, env);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${argv.join(' ')}`);
};

describe('npm start flags', () => {
  it('without flags: the embedded cluster data under the checkout, port 3000 on loopback, $PORT and $PORTHOLE_HOST', () => {
    const args = parse([]);
    expect(args).toMatchObject({
      dataDir: join(ROOT, '.porthole', 'cluster'),
      clusterPort: 0,
      port: 3000,
      host: '127.0.0.1',
      embedded: false,
      dev: false,
    });
    expect(args.historyDir).toBeUndefined();
    expect(parse([], { PORT: '8080', PORTHOLE_HOST: '0.0.0.0' })).toMatchObject({ port: 8080, host: '0.0.0.0' });
  });

  it('takes a value after the flag or after "="; paths become absolute', () => {
    expect(parse(['--port', '3111', '--kubeconfig', 'kc.yaml'])).toMatchObject({
      port: 3111,
      kubeconfig: resolve('kc.yaml'),
    });
    expect(parse(['--port=3112', '--context=dev', '--data-dir=d'])).toMatchObject({ port: 3112, context: 'dev', dataDir: resolve('d') });
  });

  it('refuses unknown flags, missing values and ports that are not ports, naming the flag', () => {
    expect(refusal(['--prot', '3000'])).toBe('unknown flag --prot');
    expect(refusal(['--context'])).toBe('--context needs a value');
    expect(refusal(['--port', '70000'])).toBe('--port: invalid port "70000"');
    expect(refusal(['--port', 'abc'])).toBe('--port: invalid port "abc"');
    expect(refusal(['--cluster-port', 'abc'])).toBe('--cluster-port: invalid port "abc"');
    expect(refusal(['--cluster-port', '-1'])).toBe('--cluster-port: invalid port "-1"');
    expect(refusal([], { PORT: 'eighty' })).toBe('$PORT: invalid port "eighty"');
    expect(parse(['--cluster-port', '0']).clusterPort).toBe(0);
  });

  it('turns limits, history and sign-in flags into the variables the server reads', () => {
    const args = parse([
      '--max-watches-per-identity',
      '20',
      '--max-watches-per-server=50',
      '--history-max-versions',
      '10',
      '--history-max-age',
      '12h',
      '--history-max-bytes',
      '1Mi',
      '--history-lease-namespace',
      'ops',
      '--auth',
      'proxy',
      '--trusted-proxies',
      '10.0.0.0/8, 127.0.0.1/32',
      '--session-idle',
      '90s',
      '--upstream-timeout',
      '2.5',
    ]);
    expect(args.limitEnv).toEqual({
      PORTHOLE_MAX_WATCHES_PER_IDENTITY: '20',
      PORTHOLE_MAX_WATCHES_PER_SERVER: '50',
    });
    expect(args.historyEnv).toEqual({
      PORTHOLE_HISTORY_MAX_VERSIONS: '10',
      PORTHOLE_HISTORY_MAX_AGE_SECONDS: String(12 * 3600),
      PORTHOLE_HISTORY_MAX_BYTES: String(1024 * 1024),
      PORTHOLE_HISTORY_LEASE_NAMESPACE: 'ops',
    });
    expect(args.authEnv).toEqual({
      PORTHOLE_AUTH: 'proxy',
      PORTHOLE_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1/32',
      PORTHOLE_SESSION_IDLE_SECONDS: '90',
    });
    expect(args.upstreamTimeoutMs).toBe(2500);
    expect(parse(['--no-history']).historyDir).toBe(false);
    expect(parse(['--history-dir', 'h']).historyDir).toBe(resolve('h'));
  });

  it('refuses bad values with the reason', () => {
    expect(refusal(['--max-watches-per-server', '0'])).toBe('--max-watches-per-server needs a positive whole number');
    expect(refusal(['--upstream-timeout', '-1'])).toBe('--upstream-timeout needs a positive number of seconds');
    expect(refusal(['--auth', 'ldap'])).toMatch(/^--auth: /);
    expect(refusal(['--namespaces', 'Not_A_Namespace'])).toMatch(/^--namespaces: /);
    expect(refusal(['--trusted-proxies', '10.0.0.0/33'])).toMatch(/^--trusted-proxies: /);
    expect(refusal(['--history-max-age', 'soon'])).toMatch(/^--history-max-age: /);
    expect(refusal(['--scale', 'many'])).toMatch(/^--scale: /);
  });

  it('checks a session key file when it is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-args-'));
    const good = join(dir, 'good');
    writeFileSync(good, Buffer.alloc(32, 7).toString('base64'));
    const bad = join(dir, 'bad');
    writeFileSync(bad, 'not a key');
    expect(parse(['--session-key-file', good]).authEnv.PORTHOLE_SESSION_KEY_FILE).toBe(good);
    expect(refusal(['--session-key-file', bad])).toMatch(/^--session-key-file: /);
    expect(refusal(['--session-key-file', join(dir, 'missing')])).toMatch(/^--session-key-file: /);
  });

  it('--help and -h ask for the usage', () => {
    expect(parseStartArgs(['--port', '1', '--help'], ROOT, {})).toBe('help');
    expect(parseStartArgs(['-h'], ROOT, {})).toBe('help');
  });
});
