/**
 * An embedded cluster, a cuttable relay in front of it and a Porthole that reaches the cluster only
 * through the relay (its kubeconfig points at the relay): for fault tests that drop or silence the
 * API server while Porthole keeps running. `kube` talks to the cluster directly, as admin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';
import { startPorthole, type PortholeServer } from '../../support/start-porthole';
import { startCuttableProxy, writeRelayedKubeconfig, type CuttableProxy } from './cuttable-proxy';

export interface RelayedStack {
  cluster: TestCluster;
  proxy: CuttableProxy;
  porthole: PortholeServer;
  kube(method: string, path: string, body?: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRelayedStack(opts: { clusterArgs?: string[]; env?: Record<string, string> } = {}): Promise<RelayedStack> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-relayed-'));
  const cluster = await startTestCluster({ empty: true, args: opts.clusterArgs });
  const proxy = await startCuttableProxy(cluster.port);
  const kubeconfigPath = join(work, 'kubeconfig');
  writeRelayedKubeconfig(cluster.kubeconfigPath, kubeconfigPath, cluster.port, proxy.port);
  const porthole = await startPorthole({ kubeconfigPath, env: opts.env });
  return {
    cluster,
    proxy,
    porthole,
    kube: (method, path, body) =>
      fetch(cluster.url + path, {
        method,
        headers: { Authorization: `Bearer ${cluster.tokens.admin}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    async stop() {
      await porthole.stop();
      await proxy.close();
      await cluster.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
