/**
 * `npm start`'s flags (bin/porthole.ts lists what each one does), parsed without side effects but
 * one: `--session-key-file` is read to check its key. Bad input throws a UsageError naming the flag;
 * bin/porthole.ts prints it and exits 2.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAuthMode, parseDuration, parseSessionKeys } from '../lib/server/auth-mode';
import { cidrList } from '../lib/server/auth-mode-proxy';
import { parseScale } from '../lib/cluster/demo/scale';
import { parseNamespaceList } from '../lib/server/configured-namespaces';
import { parseByteSize } from '../lib/server/history/config';

export interface StartArgs {
  kubeconfig?: string;
  context?: string;
  embedded: boolean;
  dataDir: string;
  /** 0: any free port. */
  clusterPort: number;
  empty: boolean;
  /** --scale N: the embedded cluster seeds N extra Services (lib/cluster/demo/scale.ts). */
  scale?: number;
  serviceClusterIPRange?: string;
  port: number;
  host: string;
  allowedHosts?: string;
  upstreamTimeoutMs?: number;
  dev: boolean;
  allowContextSwitch: boolean;
  /** Sign-in settings (--auth and friends) as the PORTHOLE_* variables the server reads. */
  authEnv: Record<string, string>;
  /** --max-watches-per-* as the PORTHOLE_* variables the server reads (lib/server/limits.ts). */
  limitEnv: Record<string, string>;
  readOnly: boolean;
  allowPortForward: boolean;
  namespaces?: string;
  /** --history-dir (undefined: the default for the target), false with --no-history. */
  historyDir?: string | false;
  /** --history-max-* and --history-lease-namespace as the PORTHOLE_HISTORY_* variables the server reads (lib/server/history/config.ts). */
  historyEnv: Record<string, string>;
}

/** The environment the flags' defaults come from ($PORT, $PORTHOLE_HOST). */
export type StartEnv = Readonly<Record<string, string | undefined>>;

/** A flag the command line got wrong: the message names it. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const START_USAGE =
  'usage: npm start -- [--kubeconfig FILE] [--context NAME] [--embedded] [--data-dir DIR] [--cluster-port N] [--empty] [--scale N] [--service-cluster-ip-range CIDR[,CIDR]] [--port N] [--host ADDR] [--allowed-hosts A,B] [--upstream-timeout SECONDS] [--max-watches-per-identity N] [--max-watches-per-server N] [--history-dir DIR | --no-history] [--history-max-versions N] [--history-max-age D] [--history-max-bytes S] [--history-lease-namespace NS] [--dev] [--allow-context-switch] [--read-only] [--allow-port-forward] [--namespaces A,B] [--auth kubeconfig|token|proxy] [--session-key-file FILE] [--session-idle D] [--session-max D] [--secure-cookies] [--trusted-proxies CIDRS] [--proxy-user-header H] [--proxy-group-header H]';

/** A flag's value parsed, or a UsageError with the parser's message. */
export function check<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new UsageError(`${flag}: ${(err as Error).message}`);
  }
}

function positiveWhole(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} needs a positive whole number`);
  return n;
}

/** A TCP port (0: any free one). */
function port(flag: string, text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`${flag}: invalid port ${JSON.stringify(text)}`);
  return n;
}

/**
 * The flags in `argv` (`--flag value` or `--flag=value`), or 'help' for --help/-h. `root` is the
 * checkout (the embedded cluster's data goes to <root>/.porthole/cluster by default); `env` gives
 * $PORT and $PORTHOLE_HOST.
 */
export function parseStartArgs(argv: readonly string[], root: string, env: StartEnv): StartArgs | 'help' {
  const args: StartArgs = {
    embedded: false,
    dataDir: join(root, '.porthole', 'cluster'),
    clusterPort: 0,
    empty: false,
    port: env.PORT === undefined ? 3000 : port('$PORT', env.PORT),
    host: env.PORTHOLE_HOST ?? '127.0.0.1',
    dev: false,
    allowContextSwitch: false,
    authEnv: {},
    limitEnv: {},
    readOnly: false,
    allowPortForward: false,
    historyEnv: {},
  };

  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const [name, inline] = flag.includes('=') ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)] : [flag, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value`);
      return v;
    };
    /** The flag's value through a parser of its own; its error, prefixed with the flag, is the refusal. */
    const parsed = <T>(parse: (text: string) => T): T => {
      const text = value();
      return check(name, () => parse(text));
    };
    switch (name) {
      case '--kubeconfig':
        args.kubeconfig = resolve(value());
        break;
      case '--context':
        args.context = value();
        break;
      case '--embedded':
        args.embedded = true;
        break;
      case '--data-dir':
        args.dataDir = resolve(value());
        break;
      case '--cluster-port':
        args.clusterPort = port(name, value());
        break;
      case '--empty':
        args.empty = true;
        break;
      case '--scale':
        args.scale = parsed(parseScale);
        break;
      case '--service-cluster-ip-range':
        args.serviceClusterIPRange = value();
        break;
      case '--port':
        args.port = port(name, value());
        break;
      case '--host':
        args.host = value();
        break;
      case '--allowed-hosts':
        args.allowedHosts = value();
        break;
      case '--upstream-timeout': {
        const seconds = Number(value());
        if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError('--upstream-timeout needs a positive number of seconds');
        args.upstreamTimeoutMs = Math.round(seconds * 1000);
        break;
      }
      case '--max-watches-per-identity':
        args.limitEnv.PORTHOLE_MAX_WATCHES_PER_IDENTITY = String(positiveWhole(name, value()));
        break;
      case '--max-watches-per-server':
        args.limitEnv.PORTHOLE_MAX_WATCHES_PER_SERVER = String(positiveWhole(name, value()));
        break;
      case '--history-dir':
        args.historyDir = resolve(value());
        break;
      case '--no-history':
        args.historyDir = false;
        break;
      case '--history-max-versions':
        args.historyEnv.PORTHOLE_HISTORY_MAX_VERSIONS = String(positiveWhole(name, value()));
        break;
      case '--history-max-age':
        args.historyEnv.PORTHOLE_HISTORY_MAX_AGE_SECONDS = String(parsed(parseDuration));
        break;
      case '--history-max-bytes':
        args.historyEnv.PORTHOLE_HISTORY_MAX_BYTES = String(parsed(parseByteSize));
        break;
      case '--history-lease-namespace':
        args.historyEnv.PORTHOLE_HISTORY_LEASE_NAMESPACE = value();
        break;
      case '--dev':
        args.dev = true;
        break;
      case '--allow-context-switch':
        args.allowContextSwitch = true;
        break;
      case '--read-only':
        args.readOnly = true;
        break;
      case '--allow-port-forward':
        args.allowPortForward = true;
        break;
      case '--namespaces':
        args.namespaces = parsed(parseNamespaceList).join(',');
        break;
      case '--auth':
        args.authEnv.PORTHOLE_AUTH = parsed(parseAuthMode);
        break;
      case '--session-key-file': {
        const file = resolve(value());
        check(name, () => parseSessionKeys(readFileSync(file, 'utf8')));
        args.authEnv.PORTHOLE_SESSION_KEY_FILE = file;
        break;
      }
      case '--session-idle':
        args.authEnv.PORTHOLE_SESSION_IDLE_SECONDS = String(parsed(parseDuration));
        break;
      case '--session-max':
        args.authEnv.PORTHOLE_SESSION_MAX_SECONDS = String(parsed(parseDuration));
        break;
      case '--secure-cookies':
        args.authEnv.PORTHOLE_SECURE_COOKIES = '1';
        break;
      case '--trusted-proxies':
        args.authEnv.PORTHOLE_TRUSTED_PROXIES = parsed((cidrs) => {
          cidrList(cidrs.split(',').map((c) => c.trim()).filter(Boolean));
          return cidrs;
        });
        break;
      case '--proxy-user-header':
        args.authEnv.PORTHOLE_PROXY_USER_HEADER = value();
        break;
      case '--proxy-group-header':
        args.authEnv.PORTHOLE_PROXY_GROUP_HEADER = value();
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        throw new UsageError(`unknown flag ${flag}`);
    }
  }
  return args;
}
