/**
 * Starts the embedded cluster as a child process (`node --import tsx bin/cluster.ts --port 0 ...`) for
 * integration tests, so a test can SIGKILL it and start it again on the same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LISTENING = /Embedded cluster listening on (http:\/\/127\.0\.0\.1:(\d+))/;
const START_TIMEOUT_MS = 60_000;

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface TestCluster {
  url: string;
  port: number;
  /** The cluster process (for /proc/<pid>/status). */
  pid: number;
  kubeconfigPath: string;
  dataDir?: string;
  tokens: { admin: string; viewer: string; editor: string; developer: string };
  /** Runs kubectl with this cluster's kubeconfig; `context` is `admin`, `viewer`, `editor`, `developer` or a full context name. */
  kubectl(args: string[], opts?: { input?: string; context?: string; timeoutMs?: number }): Promise<KubectlResult>;
  /** Starts `kubectl` without waiting (e.g. `get -w`); the caller kills it. */
  spawnKubectl(args: string[], opts?: { context?: string }): ChildProcess;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export interface StartOptions {
  empty?: boolean;
  dataDir?: string;
  /** `--service-cluster-ip-range`, e.g. `10.96.0.0/12,fd00:10:96::/108` for a dual-stack cluster. */
  serviceClusterIPRange?: string;
  args?: string[];
}

interface KubeconfigFile {
  users?: { name: string; user?: { token?: string } }[];
}

function tokensFrom(path: string): TestCluster['tokens'] {
  const doc = parse(readFileSync(path, 'utf8')) as KubeconfigFile;
  const token = (name: string): string => doc.users?.find((u) => u.name === name)?.user?.token ?? '';
  return { admin: token('admin'), viewer: token('viewer'), editor: token('editor'), developer: token('developer') };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

export async function startTestCluster(opts: StartOptions = {}): Promise<TestCluster> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-cluster-'));
  const kubeconfigPath = join(work, 'kubeconfig');
  const cacheDir = join(work, 'kube-cache');
  const args = ['bin/cluster.ts', '--port', '0', '--write-kubeconfig', kubeconfigPath];
  if (opts.dataDir) args.push('--data-dir', opts.dataDir);
  if (opts.empty) args.push('--empty');
  if (opts.serviceClusterIPRange) args.push('--service-cluster-ip-range', opts.serviceClusterIPRange);
  args.push(...(opts.args ?? []));
  // node with tsx's loader rather than the tsx CLI: the CLI forks the real process, and a SIGKILL of
  // the CLI would leave that child running (holding the port and the SQLite lock).
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { PORTHOLE_POD_TERMINATION_MS: '300', ...process.env } });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`embedded cluster did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = LISTENING.exec(output);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`embedded cluster exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  const port = Number(new URL(url).port);
  const contextArgs = (context?: string): string[] => {
    if (!context) return [];
    return ['--context', context.startsWith('porthole-') ? context : `porthole-${context}`];
  };
  const kubectlArgs = (a: string[], context?: string): string[] => ['--kubeconfig', kubeconfigPath, '--cache-dir', cacheDir, ...contextArgs(context), ...a];
  const kubectlEnv = { ...process.env, KUBECONFIG: kubeconfigPath, HOME: work };

  const cleanup = (): void => {
    rmSync(work, { recursive: true, force: true });
  };

  return {
    url,
    port,
    pid: child.pid ?? 0,
    kubeconfigPath,
    dataDir: opts.dataDir,
    tokens: tokensFrom(kubeconfigPath),
    output: () => output,
    kubectl(a, o = {}) {
      return new Promise((resolveRun) => {
        const p = spawn('kubectl', kubectlArgs(a, o.context), { env: kubectlEnv, stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        const timer = setTimeout(() => p.kill('SIGKILL'), o.timeoutMs ?? 30_000);
        p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        p.on('close', (code) => {
          clearTimeout(timer);
          resolveRun({ code: code ?? -1, stdout, stderr });
        });
        // kubectl may exit before reading its input (e.g. `auth can-i`): a closed pipe is not an error.
        p.stdin.on('error', () => undefined);
        p.stdin.end(o.input ?? '');
      });
    },
    spawnKubectl(a, o = {}) {
      return spawn('kubectl', kubectlArgs(a, o.context), { env: kubectlEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited(child);
        clearTimeout(timer);
      }
      cleanup();
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
      cleanup();
    },
  };
}
