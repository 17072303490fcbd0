/**
 * Starts Porthole (`next start` on the production build) as a child process against a kubeconfig, on
 * a free loopback port, for integration and browser tests. Builds first if there is no build or the
 * build was made from other sources.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from '../../lib/build/source-hash';
import { laneKind, type ClusterKind } from './cluster-kind';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NEXT_BIN = join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
const START_TIMEOUT_MS = 90_000;

export interface PortholeServer {
  url: string;
  port: number;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export interface StartPortholeOptions {
  kubeconfigPath: string;
  context?: string;
  port?: number;
  /** The kind of test cluster the kubeconfig points at; default the lane's. */
  clusterKind?: ClusterKind;
  /** Shown in the UI as the cluster source. Default 'embedded' ('kubeconfig' for a real cluster). */
  source?: 'embedded' | 'kubeconfig';
  /** Host names browsers may use besides loopback (what `--allowed-hosts` sets). */
  allowedHosts?: string[];
  /** Extra environment, e.g. PORTHOLE_ALLOW_CONTEXT_SWITCH=1 (what `--allow-context-switch` sets). */
  env?: Record<string, string>;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

/** Runs `next build` when there is no build or it was made from other sources (lib/build/source-hash.ts). */
export function ensureBuild(): void {
  const stale = staleBuildReason(ROOT);
  if (!stale) return;
  console.log(`porthole tests: ${stale}: running \`next build\` (takes a few minutes)...`);
  const r = spawnSync(process.execPath, [NEXT_BIN, 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error('next build failed');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

export async function startPorthole(opts: StartPortholeOptions): Promise<PortholeServer> {
  ensureBuild();
  const port = opts.port ?? (await freePort());
  // A real test cluster is a kubeconfig cluster to Porthole (TLS as the kubeconfig says, no loopback http shortcut).
  const real = (opts.clusterKind ?? laneKind) === 'real';
  const defaultSource: StartPortholeOptions['source'] = real ? 'kubeconfig' : 'embedded';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: '1',
    PORTHOLE_KUBECONFIG: opts.kubeconfigPath,
    PORTHOLE_CLUSTER_SOURCE: opts.source ?? defaultSource,
    // The embedded source lets users act as any context; a real test cluster gets the same through the flag.
    ...(opts.source === undefined && real ? { PORTHOLE_ALLOW_CONTEXT_SWITCH: '1' } : {}),
    PORTHOLE_HOST: '127.0.0.1',
    ...(opts.allowedHosts ? { PORTHOLE_ALLOWED_HOSTS: opts.allowedHosts.join(',') } : {}),
    ...opts.env,
  };
  if (opts.context) env.PORTHOLE_CONTEXT = opts.context;
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return serverChild(child, port, '/api/identity', 'next start');
}

/**
 * Collects a server child's output, waits until `readyPath` answers 2xx (fails early if the child exits
 * or does not answer within `timeoutMs`, 90 s by default), and returns the handle that stops it.
 */
export async function serverChild(child: ChildProcess, port: number, readyPath: string, what: string, timeoutMs = START_TIMEOUT_MS): Promise<PortholeServer> {
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(3000) });
      await res.arrayBuffer();
      // --auth token / proxy answer 401 until someone signs in: the server is up all the same.
      if (res.ok || res.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited(child);
        clearTimeout(timer);
      }
    },
  };
}
