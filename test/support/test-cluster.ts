/**
 * What a test cluster is, whichever kind runs it (embedded child process or real kube-apiserver):
 * its URL, kubeconfig (contexts porthole-admin, porthole-viewer, porthole-editor, porthole-developer),
 * tokens, kubectl and lifecycle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { ClusterKind } from './cluster-kind';

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface KubectlRunner {
  /** Runs kubectl with this cluster's kubeconfig; `context` is `admin`, `viewer`, `editor`, `developer` or a full context name. */
  kubectl(args: string[], opts?: { input?: string; context?: string; timeoutMs?: number }): Promise<KubectlResult>;
  /** Starts `kubectl` without waiting (e.g. `get -w`); the caller kills it. */
  spawnKubectl(args: string[], opts?: { context?: string }): ChildProcess;
}

export interface TestCluster extends KubectlRunner {
  kind: ClusterKind;
  /** The API server's URL: `http://` for the embedded cluster, `https://` for a real one. */
  url: string;
  port: number;
  /** The API server process (for /proc/<pid>/status). */
  pid: number;
  kubeconfigPath: string;
  dataDir?: string;
  tokens: { admin: string; viewer: string; editor: string; developer: string };
  /** The kubeconfig's `certificate-authority-data` (base64 PEM): what a kubeconfig of one's own needs for an `https:` url. */
  caData: string;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export interface StartOptions {
  /** Embedded or a real kube-apiserver; default the lane's (PORTHOLE_TEST_CLUSTER). */
  kind?: ClusterKind;
  /** No demo data. */
  empty?: boolean;
  /** Keep the cluster's data there, so a cluster started again on it has the same objects. */
  dataDir?: string;
  /** A fixed API server port (e.g. to restart on the same URL); default a free one. */
  port?: number;
  /** `--service-cluster-ip-range`, e.g. `10.96.0.0/12,fd00:10:96::/108` for a dual-stack cluster. */
  serviceClusterIPRange?: string;
  /** Extra flags of the embedded cluster (`bin/cluster.ts`); a real cluster refuses them. */
  args?: string[];
}

interface KubeconfigFile {
  clusters?: { name: string; cluster?: { 'certificate-authority-data'?: string } }[];
  users?: { name: string; user?: { token?: string } }[];
}

export function caDataFrom(path: string): string {
  const doc = parse(readFileSync(path, 'utf8')) as KubeconfigFile;
  return doc.clusters?.[0]?.cluster?.['certificate-authority-data'] ?? '';
}

export function tokensFrom(path: string): TestCluster['tokens'] {
  const doc = parse(readFileSync(path, 'utf8')) as KubeconfigFile;
  const token = (name: string): string => doc.users?.find((u) => u.name === name)?.user?.token ?? '';
  return { admin: token('admin'), viewer: token('viewer'), editor: token('editor'), developer: token('developer') };
}

/** kubectl with a kubeconfig; its cache and HOME under `work` so runs never share state. */
export function kubectlRunner(kubeconfigPath: string, work: string): KubectlRunner {
  const contextArgs = (context?: string): string[] => {
    if (!context) return [];
    return ['--context', context.startsWith('porthole-') ? context : `porthole-${context}`];
  };
  const kubectlArgs = (a: string[], context?: string): string[] => ['--kubeconfig', kubeconfigPath, '--cache-dir', join(work, 'kube-cache'), ...contextArgs(context), ...a];
  const kubectlEnv = { ...process.env, KUBECONFIG: kubeconfigPath, HOME: work };
  return {
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
  };
}
