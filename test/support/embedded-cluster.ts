/**
 * The embedded backend of the test cluster: the embedded cluster as a child process
 * (`node --import tsx bin/cluster.ts --port 0 ...`), so a test can SIGKILL it and start it again on the
 * same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caDataFrom, kubectlRunner, tokensFrom, type StartOptions, type TestCluster } from './test-cluster';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LISTENING = /Embedded cluster listening on (http:\/\/127\.0\.0\.1:(\d+))/;
const START_TIMEOUT_MS = 60_000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

export async function startEmbeddedCluster(opts: StartOptions = {}): Promise<TestCluster> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-cluster-'));
  const kubeconfigPath = join(work, 'kubeconfig');
  const args = ['bin/cluster.ts', '--port', String(opts.port ?? 0), '--write-kubeconfig', kubeconfigPath];
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
  const kubectl = kubectlRunner(kubeconfigPath, work);

  const cleanup = (): void => {
    rmSync(work, { recursive: true, force: true });
  };

  return {
    kind: 'embedded',
    url,
    port,
    pid: child.pid ?? 0,
    kubeconfigPath,
    dataDir: opts.dataDir,
    tokens: tokensFrom(kubeconfigPath),
    caData: caDataFrom(kubeconfigPath),
    output: () => output,
    ...kubectl,
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
