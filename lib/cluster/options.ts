/** The embedded cluster's options and their command-line flags (`npm run cluster -- ...`). */
import { parseServiceCIDRs } from './allocators/service-cidrs';
import { parseScale } from './demo/scale';
import { parseServingFlag, SERVING_VALUE_FLAGS, type ServingOptions } from './serving-options';

export interface ClusterOptions extends ServingOptions {
  /** TCP port on 127.0.0.1; 0 picks a free one. Default 6443. */
  port: number;
  /** Where SQLite keeps the data; in memory without it. */
  dataDir?: string;
  /** Write a kubeconfig for the built-in identities to this path once listening. */
  writeKubeconfig?: string;
  /** One CIDR, or an IPv4 and an IPv6 one separated by a comma (dual stack; the first is primary). */
  serviceClusterIPRange: string;
  serviceNodePortRange: string;
  lbPool: string;
  /** Identities file (tokens); the built-in admin/viewer/editor/developer without it. */
  tokensFile?: string;
  anonymousAuth: boolean;
  /** Start without demo data. */
  empty: boolean;
  /** Extra Services to seed (`--scale N`, see demo/scale.ts); 0 = none. */
  scale?: number;
  /** Watch events kept per resource before older resourceVersions get 410 Gone (storage default). */
  historySize?: number;
}

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
  port: 6443,
  serviceClusterIPRange: '10.96.0.0/12',
  serviceNodePortRange: '30000-32767',
  lbPool: '172.18.255.0/24',
  anonymousAuth: false,
  empty: false,
};

const VALUE_FLAGS = new Set([
  'port',
  'data-dir',
  'write-kubeconfig',
  'service-cluster-ip-range',
  'service-node-port-range',
  'lb-pool',
  'tokens-file',
  'history-size',
  'scale',
  ...SERVING_VALUE_FLAGS,
]);

function parseBoolFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`invalid value for --${name}: ${value} (want true or false)`);
}

/** Parses `--flag value` and `--flag=value`; throws Error with a usage message on bad input. */
export function parseClusterArgs(argv: readonly string[]): ClusterOptions {
  const out: ClusterOptions = { ...DEFAULT_CLUSTER_OPTIONS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    let value: string | undefined = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (VALUE_FLAGS.has(name) && value === undefined) {
      value = argv[++i];
      if (value === undefined) throw new Error(`flag needs an argument: --${name}`);
    }
    switch (name) {
      case 'port': {
        const port = Number(value);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port: ${value}`);
        out.port = port;
        break;
      }
      case 'data-dir':
        out.dataDir = value;
        break;
      case 'write-kubeconfig':
        out.writeKubeconfig = value;
        break;
      case 'service-cluster-ip-range':
        out.serviceClusterIPRange = value ?? out.serviceClusterIPRange;
        parseServiceCIDRs(out.serviceClusterIPRange); // throws kube-apiserver's message
        break;
      case 'service-node-port-range':
        out.serviceNodePortRange = value ?? out.serviceNodePortRange;
        break;
      case 'lb-pool':
        out.lbPool = value ?? out.lbPool;
        break;
      case 'tokens-file':
        out.tokensFile = value;
        break;
      case 'history-size': {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1) throw new Error(`invalid --history-size: ${value}`);
        out.historySize = n;
        break;
      }
      case 'scale':
        out.scale = parseScale(value);
        break;
      case 'anonymous-auth':
        out.anonymousAuth = parseBoolFlag(name, value);
        break;
      case 'empty':
        out.empty = parseBoolFlag(name, value);
        break;
      default:
        if (value === undefined || !parseServingFlag(name, value, out)) throw new Error(`unknown flag: --${name}`);
    }
  }
  return out;
}
