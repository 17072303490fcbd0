/**
 * Helpers shared by the browser tests: the Kubernetes API of the test cluster (the test changes the
 * cluster directly, as kubectl would, and watches the page follow), and a private cluster + Porthole
 * pair for specs that kill the cluster.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Service } from '../lib/k8s/types';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (e2e/global-setup.ts did not run?)`);
  return v;
}

export class KubeApi {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}
  async request(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; body: unknown }> {
    const res = await fetch(this.base + path, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(body !== undefined ? { 'Content-Type': contentType } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  async ensureNamespace(name: string): Promise<void> {
    const r = await this.request('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    if (r.status !== 201 && r.status !== 409) throw new Error(`namespace ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  async createService(svc: Service): Promise<Service> {
    const r = await this.request('POST', `/api/v1/namespaces/${svc.metadata.namespace}/services`, svc);
    if (r.status !== 201) throw new Error(`create ${svc.metadata.name}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Service;
  }
  async patchService(ns: string, name: string, patch: unknown): Promise<Service> {
    const r = await this.request('PATCH', `/api/v1/namespaces/${ns}/services/${name}`, patch, 'application/merge-patch+json');
    if (r.status !== 200) throw new Error(`patch ${name}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Service;
  }
  async deleteService(ns: string, name: string): Promise<void> {
    const r = await this.request('DELETE', `/api/v1/namespaces/${ns}/services/${name}`);
    if (r.status !== 200 && r.status !== 202 && r.status !== 404) throw new Error(`delete ${name}: ${r.status}`);
  }
}

export function sharedApi(): KubeApi {
  return new KubeApi(env('PORTHOLE_E2E_CLUSTER_URL'), env('PORTHOLE_E2E_ADMIN_TOKEN'));
}

/**
 * The embedded cluster as ONE process (`node --import tsx bin/cluster.ts`), so SIGKILL really kills the
 * server. (The `tsx` CLI that startTestCluster spawns forks the server into a grandchild, which a
 * SIGKILL of the CLI leaves running.)
 */
interface ClusterProcess {
  url: string;
  port: number;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

async function spawnCluster(args: string[]): Promise<ClusterProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/cluster.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rej(new Error(`cluster did not start:\n${output}`));
    }, 60_000);
    const onData = (c: Buffer) => {
      output += c.toString();
      const m = /Embedded cluster listening on (https?:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`cluster exited (${code}):\n${output}`));
    });
  });
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    port: Number(new URL(url).port),
    async kill9() {
      child.kill('SIGKILL');
      await exited();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited();
        clearTimeout(t);
      }
    },
  };
}

/** A cluster with a data dir and a Porthole on top, for specs that stop and restart the cluster. */
export interface PrivateStack {
  porthole: PortholeServer;
  api: KubeApi;
  /** SIGKILL the cluster (Porthole keeps running). */
  killCluster(): Promise<void>;
  /** Start the cluster again on the same port and data directory. */
  restartCluster(): Promise<void>;
  stop(): Promise<void>;
}

/** `clusterArgs`: extra flags for the cluster, e.g. `['--service-cluster-ip-range', '10.96.0.0/12,fd00:10:96::/108']`. */
export async function startPrivateStack(clusterArgs: string[] = []): Promise<PrivateStack> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-e2e-private-'));
  const dataDir = join(work, 'data');
  const kubeconfig = join(work, 'kubeconfig');
  let cluster = await spawnCluster(['--port', '0', '--data-dir', dataDir, '--write-kubeconfig', kubeconfig, ...clusterArgs]);
  const port = cluster.port;
  const { readFileSync } = await import('node:fs');
  const doc = parse(readFileSync(kubeconfig, 'utf8')) as { users?: { name: string; user?: { token?: string } }[] };
  const token = doc.users?.find((u) => u.name === 'admin')?.user?.token ?? '';
  const porthole = await startPorthole({ kubeconfigPath: kubeconfig });
  return {
    porthole,
    api: new KubeApi(cluster.url, token),
    killCluster: () => cluster.kill9(),
    async restartCluster() {
      cluster = await spawnCluster(['--port', String(port), '--data-dir', dataDir, ...clusterArgs]);
    },
    async stop() {
      await porthole.stop();
      await cluster.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
