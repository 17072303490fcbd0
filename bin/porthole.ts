/**
 * `npm start` — find a cluster the way kubectl does, or start the embedded one, then serve Porthole.
 *
 *   --kubeconfig <file>   kubeconfig to use (else $KUBECONFIG — every file, merged as kubectl does —
 *                         else ~/.kube/config); every cluster a context reaches is offered
 *   --context <name>      context of that kubeconfig; its cluster is the default (default: current-context)
 *   --embedded            start the embedded cluster, next to the kubeconfig's clusters if there is one
 *                         (the embedded one is then the default unless --context names another)
 *   --data-dir <dir>      embedded cluster data (default .porthole/cluster)
 *   --cluster-port <n>    embedded cluster port (default: any free port)
 *   --empty               embedded cluster without demo data
 *   --scale <n>           embedded cluster: seed n extra Services (e.g. 50000)
 *   --service-cluster-ip-range <cidr[,cidr]>  embedded cluster's Service CIDR(s); two (IPv4,IPv6) = dual stack
 *   --port <n>            Porthole's port (default $PORT, else 3000)
 *   --host <addr>         address to bind (default 127.0.0.1)
 *   --allowed-hosts <a,b> host names (optionally name:port) browsers may use to reach Porthole besides
 *                         loopback and --host, e.g. behind a reverse proxy ($PORTHOLE_ALLOWED_HOSTS);
 *                         any other Host header is refused (DNS rebinding protection)
 *   --upstream-timeout <s> seconds to wait for the API server's first byte (default 10;
 *                         $PORTHOLE_UPSTREAM_TIMEOUT_MS in milliseconds)
 *   --max-watches-per-identity <n>, --max-watches-per-server <n>  upstream watches one identity, and
 *                         all on one API server, may hold open; past them /api/watch answers 429
 *                         (default 200 and 500; $PORTHOLE_MAX_WATCHES_PER_IDENTITY, $PORTHOLE_MAX_WATCHES_PER_SERVER)
 *   --read-only           refuse every write (403), whatever the identity's RBAC allows; the UI says why
 *                         ($PORTHOLE_READ_ONLY=1)
 *   --allow-port-forward  offer "Forward to localhost" (127.0.0.1:PORT on Porthole's machine) even when
 *                         --host is not a loopback address ($PORTHOLE_ALLOW_PORT_FORWARD=1)
 *   --namespaces <a,b>    namespaces to offer users who may not list namespaces or Services
 *                         cluster-wide, besides their context's namespace; each is offered only where the
 *                         user may read Services ($PORTHOLE_NAMESPACES)
 *   --history-dir <dir>   Service history store (SQLite; README "Service history"; default <data-dir>/history
 *                         with the embedded cluster, else $XDG_DATA_HOME/porthole/history or
 *                         ~/.local/share/porthole/history); --no-history records nothing
 *   --history-max-versions <n>  versions kept per Service (default 1000)
 *   --history-max-age D   versions older than D are dropped, e.g. 30d, 12h (default 90d)
 *   --history-max-bytes S bound on the stored versions' size, oldest dropped first, e.g. 512Mi (default), 2Gi
 *   --history-lease-namespace <ns>  namespace of the recorder's Lease (default $PORTHOLE_NAMESPACE, else
 *                         the context's namespace, else default)
 *   --dev                 run `next dev` instead of `next start`
 *   --allow-context-switch  let browser users act as any context of the kubeconfig that reaches the
 *                         same cluster ("Acting as"); always on for the embedded cluster
 *   --auth kubeconfig|token|proxy  how users sign in (README "Sign-in modes"; $PORTHOLE_AUTH):
 *                         kubeconfig (default) acts with the kubeconfig's credentials; token: each user
 *                         signs in with their own bearer token; proxy: a trusted authenticating proxy
 *                         names the user, Porthole impersonates them
 *   --session-key-file F  token mode: base64 32-byte key sealing session cookies, shared by replicas
 *                         ($PORTHOLE_SESSION_KEY holds the key itself); default: a key per process
 *   --session-idle D      token mode: idle expiry, e.g. 30m (default), 90s
 *   --session-max D       token mode: absolute expiry, e.g. 12h (default)
 *   --secure-cookies      always treat the connection as https (cookie __Host-porthole-session, Secure)
 *   --trusted-proxies C   CIDRs of the proxy in front, e.g. 10.0.0.0/8,127.0.0.1/32 (proxy mode: its user
 *                         headers; token mode: its X-Forwarded-For/-Proto)
 *   --proxy-user-header H, --proxy-group-header H  default X-Remote-User, X-Remote-Group
 * With no kubeconfig and no in-cluster service account (token in $PORTHOLE_SERVICE_ACCOUNT_DIR, default
 * /var/run/secrets/kubernetes.io/serviceaccount, and $KUBERNETES_SERVICE_HOST), the embedded cluster is started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { staleBuildReason } from '../lib/build/source-hash';
import { defaultHistoryDir } from '../lib/server/history/config';
import { parseAuthMode } from '../lib/server/auth-mode';
import { check, parseStartArgs, START_USAGE, UsageError, type StartArgs } from './start-args';
import { deriveClusters, kubeconfigPaths, mergeKubeconfigs, type KubeconfigFile } from '../lib/server/kubeconfig-merge';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const SERVICE_ACCOUNT_TOKEN = join(process.env.PORTHOLE_SERVICE_ACCOUNT_DIR || '/var/run/secrets/kubernetes.io/serviceaccount', 'token');

/** The command line's flags (bin/start-args.ts); --help prints the usage and exits. */
function startArgs(argv: string[]): StartArgs {
  const parsed = parseStartArgs(argv, root, process.env);
  if (parsed === 'help') {
    console.log(START_USAGE);
    process.exit(0);
  }
  return parsed;
}

function fail(message: string): never {
  console.error(`porthole: ${message}`);
  process.exit(2);
}

type Target =
  | { kind: 'kubeconfig'; paths: string[]; context?: string; description: string[] }
  | { kind: 'in-cluster'; description: string }
  | { kind: 'embedded'; kubeconfig?: { paths: string[]; context?: string; description: string[] } };

/** kubectl's order: --kubeconfig, $KUBECONFIG (every file, merged), ~/.kube/config. */
function kubeconfigCandidates(args: StartArgs): string[] {
  if (args.kubeconfig) {
    if (!existsSync(args.kubeconfig)) fail(`--kubeconfig ${args.kubeconfig}: no such file`);
    return [args.kubeconfig];
  }
  if (process.env.KUBECONFIG)
    return kubeconfigPaths(process.env.KUBECONFIG, delimiter)
      .filter((p) => existsSync(p))
      .map((p) => resolve(p));
  const home = join(homedir(), '.kube', 'config');
  return existsSync(home) ? [home] : [];
}

/** The merged kubeconfig's clusters (the server does the same), or the process ends saying what is wrong. */
function describeKubeconfig(paths: string[], context: string | undefined, embedded: boolean): string[] {
  const files = paths.map((path): KubeconfigFile => {
    const kc = new KubeConfig();
    try {
      kc.loadFromFile(path);
    } catch (err) {
      fail(`cannot use kubeconfig ${path}: ${(err as Error).message}`);
    }
    return { path, source: 'kubeconfig', clusters: kc.getClusters(), users: kc.getUsers(), contexts: kc.getContexts(), currentContext: kc.getCurrentContext() };
  });
  const from = paths.join(delimiter);
  const clusters = check('kubeconfig', () => {
    try {
      return deriveClusters(mergeKubeconfigs(files), context);
    } catch (err) {
      throw new Error(`${(err as Error).message} (${from})${context ? '' : ' (use --context)'}`);
    }
  });
  const chosen = clusters.find((c) => c.isDefault)!;
  // With --embedded (and no --context) the embedded cluster is the default: no "(default)" here then.
  const marked = !embedded || context;
  const names = clusters.map((c) => (c.isDefault && marked ? `${c.name} (default)` : c.name)).join(', ');
  const count = `${clusters.length} ${clusters.length === 1 ? 'cluster' : 'clusters'}: ${names}`;
  // With --embedded: one line, "also using 3 clusters: a, b, c (from …)".
  if (!marked) return [`${count} (from ${from})`];
  const lines = [`${chosen.defaultContext} (${chosen.server}) from ${from}`];
  if (clusters.length > 1) lines.push(count);
  return lines;
}

/** kubeconfig files first; then the in-cluster service account; else the embedded cluster (also with --embedded, next to any kubeconfig). */
function resolveTarget(args: StartArgs): Target {
  const paths = kubeconfigCandidates(args);
  const kubeconfig = paths.length > 0 ? { paths, context: args.context, description: describeKubeconfig(paths, args.context, args.embedded) } : undefined;
  if (args.embedded) return { kind: 'embedded', kubeconfig };
  if (kubeconfig) return { kind: 'kubeconfig', ...kubeconfig };
  if (existsSync(SERVICE_ACCOUNT_TOKEN) && process.env.KUBERNETES_SERVICE_HOST) {
    return { kind: 'in-cluster', description: `in-cluster service account (https://${process.env.KUBERNETES_SERVICE_HOST}:${process.env.KUBERNETES_SERVICE_PORT ?? 443})` };
  }
  return { kind: 'embedded' };
}

function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(cmd, argv, { cwd: root, env, stdio: 'inherit' });
}

function exited(child: ChildProcess): Promise<number> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res(child.exitCode);
    child.once('exit', (code, signal) => res(code ?? (signal ? 1 : 0)));
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return false;
}

function loopbackFreePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => res(port));
    });
  });
}

async function main(): Promise<void> {
  const args = startArgs(process.argv.slice(2));
  const target = resolveTarget(args);
  if (args.scale && target.kind !== 'embedded') fail('--scale seeds the embedded cluster only; add --embedded to use it');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(args.port), PORTHOLE_HOST: args.host, NEXT_TELEMETRY_DISABLED: '1' };
  if (args.allowedHosts !== undefined) env.PORTHOLE_ALLOWED_HOSTS = args.allowedHosts;
  if (args.upstreamTimeoutMs !== undefined) env.PORTHOLE_UPSTREAM_TIMEOUT_MS = String(args.upstreamTimeoutMs);
  if (args.allowContextSwitch) env.PORTHOLE_ALLOW_CONTEXT_SWITCH = '1';
  if (args.namespaces !== undefined) env.PORTHOLE_NAMESPACES = args.namespaces;
  if (args.allowPortForward) env.PORTHOLE_ALLOW_PORT_FORWARD = '1';
  if (args.readOnly) {
    env.PORTHOLE_READ_ONLY = '1';
    console.log('porthole: read-only mode: every write is refused');
  }
  Object.assign(env, args.authEnv, args.limitEnv, args.historyEnv);
  if (args.historyDir !== false) {
    const embeddedDataDir = target.kind === 'embedded' ? args.dataDir : undefined;
    env.PORTHOLE_HISTORY_DIR = args.historyDir ?? defaultHistoryDir({ embeddedDataDir, home: homedir(), xdgDataHome: process.env.XDG_DATA_HOME });
    console.log(`porthole: Service history in ${env.PORTHOLE_HISTORY_DIR}`);
  }
  const auth = check('--auth', () => parseAuthMode(env.PORTHOLE_AUTH));
  if (auth === 'token' && !env.PORTHOLE_SESSION_KEY && !env.PORTHOLE_SESSION_KEY_FILE) {
    // One key for this process (the Next server is its child): sessions end when Porthole stops, and
    // replicas need a shared key (--session-key-file) to accept each other's cookies.
    env.PORTHOLE_SESSION_KEY = randomBytes(32).toString('base64');
    console.log('porthole: --auth token without --session-key-file: sessions last until Porthole stops and are not shared between replicas');
  }
  if (auth === 'proxy') {
    if (!env.PORTHOLE_TRUSTED_PROXIES) fail('--auth proxy needs --trusted-proxies (the addresses of the authenticating proxy)');
    env.PORTHOLE_PEER_SECRET = randomBytes(32).toString('base64url');
  }
  let stopCluster: (() => Promise<void>) | undefined;

  if (target.kind === 'kubeconfig') {
    env.PORTHOLE_KUBECONFIG = target.paths.join(delimiter);
    env.PORTHOLE_CLUSTER_SOURCE = 'kubeconfig';
    if (target.context) env.PORTHOLE_CONTEXT = target.context;
    for (const line of target.description) console.log(`porthole: using ${line}`);
  } else if (target.kind === 'in-cluster') {
    env.PORTHOLE_IN_CLUSTER = '1';
    env.PORTHOLE_CLUSTER_SOURCE = 'in-cluster';
    console.log(`porthole: using the ${target.description}`);
  } else {
    const { startCluster } = await import('../lib/cluster/cluster');
    const { parseClusterArgs } = await import('../lib/cluster/options');
    mkdirSync(args.dataDir, { recursive: true });
    const clusterArgs = ['--port', String(args.clusterPort), '--data-dir', args.dataDir];
    if (args.empty) clusterArgs.push('--empty');
    if (args.scale) clusterArgs.push('--scale', String(args.scale));
    if (args.serviceClusterIPRange) clusterArgs.push('--service-cluster-ip-range', args.serviceClusterIPRange);
    const cluster = await startCluster(parseClusterArgs(clusterArgs));
    // Next to the data it describes: two instances with different data dirs never share a kubeconfig.
    const kubeconfig = join(args.dataDir, 'kubeconfig');
    cluster.writeKubeconfig(kubeconfig);
    stopCluster = () => cluster.stop();
    if (target.kubeconfig) {
      // --embedded next to a kubeconfig: its clusters plus the embedded one (the default unless --context says otherwise).
      env.PORTHOLE_KUBECONFIG = target.kubeconfig.paths.join(delimiter);
      env.PORTHOLE_EMBEDDED_KUBECONFIG = kubeconfig;
      env.PORTHOLE_CLUSTER_SOURCE = 'kubeconfig';
      if (target.kubeconfig.context) env.PORTHOLE_CONTEXT = target.kubeconfig.context;
      for (const line of target.kubeconfig.description) console.log(`porthole: also using ${line}`);
    } else {
      env.PORTHOLE_KUBECONFIG = kubeconfig;
      env.PORTHOLE_CLUSTER_SOURCE = 'embedded';
    }
    const why = args.embedded ? '--embedded' : 'no kubeconfig found';
    console.log(`porthole: ${why}: started the embedded cluster at ${cluster.url} (data in ${args.dataDir})`);
    console.log(`porthole: kubectl works too: kubectl --kubeconfig ${kubeconfig} get services -A`);
  }

  let next: ChildProcess | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (next && next.exitCode === null) {
      next.kill('SIGTERM');
      const timer = setTimeout(() => next?.kill('SIGKILL'), 5000);
      await exited(next);
      clearTimeout(timer);
    }
    if (stopCluster) await stopCluster().catch((err: unknown) => console.error('porthole: stopping the cluster failed:', err));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const stale = args.dev ? undefined : staleBuildReason(root);
  if (stale) {
    console.log(`porthole: ${stale}: running \`next build\` (takes a few minutes)...`);
    const build = run(process.execPath, [nextBin, 'build'], env);
    next = build;
    const code = await exited(build);
    if (code !== 0) {
      console.error('porthole: next build failed');
      return shutdown(code);
    }
    if (stopping) return;
  }

  // Proxy mode: Porthole's front takes the public address and tells the Next server (on a loopback
  // port) which address each request came from (lib/server/auth-mode-front.ts).
  const nextPort = auth === 'proxy' ? await loopbackFreePort() : args.port;
  if (auth === 'proxy') {
    // The Next server sees the browser's Host (the public port), not its own port: allow those names.
    const names = ['localhost', '127.0.0.1', '[::1]', args.host.includes(':') && !args.host.startsWith('[') ? `[${args.host}]` : args.host];
    env.PORTHOLE_ALLOWED_HOSTS = [env.PORTHOLE_ALLOWED_HOSTS ?? '', ...names.map((n) => `${n}:${args.port}`)].filter(Boolean).join(',');
  }
  next = run(process.execPath, [nextBin, args.dev ? 'dev' : 'start', '--port', String(nextPort), '--hostname', auth === 'proxy' ? '127.0.0.1' : args.host], env);
  next.once('exit', (code) => void shutdown(code ?? 1));
  if (auth === 'proxy') {
    const { startFront } = await import('../lib/server/auth-mode-front');
    const { authConfigFromEnv } = await import('../lib/server/auth-mode');
    await startFront({ host: args.host, port: args.port, targetPort: nextPort, config: authConfigFromEnv(env) }).catch((err: unknown) => {
      console.error(`porthole: cannot listen on ${args.host}:${args.port}: ${(err as Error).message}`);
      return shutdown(1);
    });
    console.log(
      `porthole: --auth proxy: trusting ${env.PORTHOLE_TRUSTED_PROXIES} for ${env.PORTHOLE_PROXY_USER_HEADER ?? 'X-Remote-User'} / ${env.PORTHOLE_PROXY_GROUP_HEADER ?? 'X-Remote-Group'} (Next server on 127.0.0.1:${nextPort})`,
    );
  }
  const shownHost = args.host === '0.0.0.0' || args.host === '::' ? 'localhost' : args.host;
  const url = `http://${shownHost}:${args.port}`;
  const probe = auth === 'proxy' ? `http://127.0.0.1:${nextPort}` : url;
  if (await waitForHttp(`${probe}/api/namespaces`, next, 120_000)) {
    console.log(`\n  Porthole is ready: open ${url}/services\n`);
  }
}

main().catch((err: unknown) => {
  // A flag (or its $PORTHOLE_* variable) the command line got wrong: its message, exit code 2.
  if (err instanceof UsageError) fail(err.message);
  console.error('porthole:', err);
  process.exit(1);
});
