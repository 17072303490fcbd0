/**
 * Starts a real kube-apiserver (+ etcd, + kube-controller-manager) for integration tests with
 * `../shared/real-apiserver/start-real-apiserver.sh` (relative to the repo root; `REAL_APISERVER_DIR`
 * overrides it) in a fresh temporary WORKDIR, and stops it (and deletes the WORKDIR) again.
 * No scheduler, kubelet or kube-proxy: lib/demo-seed plays the kubelet where a test needs running pods.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The main checkout of this repository: ROOT itself, or for a git worktree (`.git` is a file
 * `gitdir: <main>/.git/worktrees/<name>`) the checkout it belongs to.
 */
function mainCheckout(): string {
  const dotGit = join(ROOT, '.git');
  if (!existsSync(dotGit) || !statSync(dotGit).isFile()) return ROOT;
  const m = /^gitdir:\s*(.+?)[\\/]\.git[\\/]worktrees[\\/][^\\/]+\s*$/m.exec(readFileSync(dotGit, 'utf8'));
  return m ? resolve(m[1]) : ROOT;
}

/** The folder with start-real-apiserver.sh and the binaries: `$REAL_APISERVER_DIR`, else `../shared/real-apiserver` beside the (main) checkout. */
export const REAL_APISERVER_DIR =
  process.env.REAL_APISERVER_DIR ?? [ROOT, mainCheckout()].map((r) => resolve(r, '..', 'shared', 'real-apiserver')).find((d) => existsSync(d)) ?? resolve(ROOT, '..', 'shared', 'real-apiserver');
const START_TIMEOUT_MS = 180_000;

export interface RealApiServer {
  /** `https://127.0.0.1:PORT` */
  url: string;
  /** kubeconfig with contexts `admin` (current, system:masters) and `viewer` (the `view` ClusterRole). */
  kubeconfigPath: string;
  workDir: string;
  tokens: { admin: string; viewer: string };
  /** A KubeConfig for `context` (default `admin`). */
  kubeConfig(context?: 'admin' | 'viewer'): KubeConfig;
  /** The tail of WORKDIR/logs/<name>.log (kube-apiserver, kube-controller-manager, etcd), for failure messages. */
  log(name: 'kube-apiserver' | 'kube-controller-manager' | 'etcd', lines?: number): string;
  /** The kube-apiserver's process id. */
  pid: number;
  /** Stops the three processes and deletes the WORKDIR (unless it was given as `workDir`). */
  stop(): Promise<void>;
  /** SIGKILLs the three processes at once (etcd's data stays in the WORKDIR). */
  kill9(): Promise<void>;
}

export interface RealApiServerOptions {
  /** Extra environment for the start script, e.g. `{ KCM_CONTROLLERS: '*,-node-lifecycle-controller' }`, `{ NO_CONTROLLER_MANAGER: '1' }`. */
  env?: Record<string, string>;
  /**
   * This WORKDIR instead of a fresh temporary one, kept on stop: a server started again on it has the
   * same data, certificates and tokens (files the caller put there first, such as tokens.csv or pki/, are kept).
   */
  workDir?: string;
}

/** Whether the start script is there (tests may skip with this reason when it is not). */
export function realApiServerAvailable(): boolean {
  return existsSync(join(REAL_APISERVER_DIR, 'start-real-apiserver.sh'));
}

function run(script: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    execFile('bash', [join(REAL_APISERVER_DIR, script), ...args], { env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${script} failed: ${err.message}\n${stderr}`));
      else resolveRun({ stdout, stderr });
    });
  });
}

function killHard(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Resolves once the process is gone (polls: it is not our child). */
async function waitGone(pid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function envFile(workDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(join(workDir, 'env'), 'utf8').split('\n')) {
    const m = /^(?:export\s+)?([A-Z_]+)=['"]?(.*?)['"]?$/.exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}

export async function startRealApiServer(opts: RealApiServerOptions = {}): Promise<RealApiServer> {
  const keep = opts.workDir !== undefined;
  const workDir = opts.workDir ?? mkdtempSync(join(tmpdir(), 'porthole-real-apiserver-'));
  mkdirSync(workDir, { recursive: true });
  const purge = keep ? [] : ['--purge'];
  const env = { START_TIMEOUT: '150', ...(opts.env ?? {}) };
  let stdout: string;
  try {
    ({ stdout } = await run('start-real-apiserver.sh', [workDir], env, START_TIMEOUT_MS));
  } catch (err) {
    await run('stop-real-apiserver.sh', [workDir, ...purge], {}, 30_000).catch(() => undefined);
    throw err;
  }
  const kubeconfigPath = stdout.trim().split('\n').pop() ?? '';
  const vars = envFile(workDir);
  const kubeConfig = (context: 'admin' | 'viewer' = 'admin'): KubeConfig => {
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfigPath);
    kc.setCurrentContext(context);
    return kc;
  };
  return {
    url: vars.APISERVER_URL ?? kubeConfig().getCurrentCluster()?.server ?? '',
    kubeconfigPath,
    workDir,
    tokens: { admin: vars.ADMIN_TOKEN ?? '', viewer: vars.VIEWER_TOKEN ?? '' },
    kubeConfig,
    log(name, lines = 40) {
      const path = join(workDir, 'logs', `${name}.log`);
      return existsSync(path) ? readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n') : '';
    },
    pid: Number(readFileSync(join(workDir, 'kube-apiserver.pid'), 'utf8')),
    async stop() {
      await run('stop-real-apiserver.sh', [workDir, ...purge], {}, 60_000);
    },
    async kill9() {
      const pids = ['kube-controller-manager', 'kube-apiserver', 'etcd'].map((name) => join(workDir, `${name}.pid`)).filter((f) => existsSync(f));
      for (const f of pids) killHard(Number(readFileSync(f, 'utf8')));
      for (const f of pids) await waitGone(Number(readFileSync(f, 'utf8')));
      for (const f of pids) rmSync(f, { force: true });
    },
  };
}
