/**
 * Helpers shared by the browser tests: the Kubernetes API of the test cluster (the test changes the
 * cluster directly, as kubectl would, and watches the page follow), and a private cluster + Porthole
 * pair for specs that kill the cluster.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Service } from '../lib/k8s/types';
import { stackValue } from './stacks';
import { startTestCluster, type StartOptions, type TestCluster } from '../test/support/start-cluster';
import { startPorthole, type PortholeServer } from '../test/support/start-porthole';

/** One of the PORTHOLE_E2E_* variables, as this worker's cluster and Porthole have it (e2e/stacks.ts). */
export function env(name: string): string {
  const v = stackValue(name);
  if (!v) throw new Error(`${name} is not set for this worker (e2e/global-setup.ts did not run?)`);
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

/** A cluster with a data dir and a Porthole on top, for specs that stop and restart the cluster. */
export interface PrivateStack {
  porthole: PortholeServer;
  api: KubeApi;
  /** SIGKILL the cluster (Porthole keeps running). */
  killCluster(): Promise<void>;
  /** SIGSTOP the API server: its connections stay open and go silent (a hung server). */
  freezeCluster(): void;
  /** SIGCONT after freezeCluster. */
  thawCluster(): void;
  /** Start the cluster again on the same port and data directory. */
  restartCluster(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `opts`: how to start the cluster, e.g. `{ empty: true, serviceClusterIPRange: '10.96.0.0/12,fd00:10:96::/108' }`.
 * The test cluster of the lane (embedded or a real kube-apiserver): a restart keeps its data and URL.
 */
export async function startPrivateStack(opts: StartOptions = {}): Promise<PrivateStack> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-e2e-private-'));
  const dataDir = join(work, 'data');
  let cluster: TestCluster = await startTestCluster({ ...opts, dataDir });
  // Porthole reads its own copy: the cluster helper removes its kubeconfig when the cluster stops.
  const kubeconfig = join(work, 'kubeconfig');
  copyFileSync(cluster.kubeconfigPath, kubeconfig);
  const porthole = await startPorthole({ kubeconfigPath: kubeconfig });
  return {
    porthole,
    api: new KubeApi(cluster.url, cluster.tokens.admin),
    killCluster: () => cluster.kill9(),
    freezeCluster: () => void process.kill(cluster.pid, 'SIGSTOP'),
    thawCluster: () => void process.kill(cluster.pid, 'SIGCONT'),
    async restartCluster() {
      cluster = await startTestCluster({ ...opts, dataDir, port: cluster.port });
    },
    async stop() {
      await porthole.stop();
      await cluster.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
