/**
 * Starts one embedded cluster (child process, own data dir) and one Porthole (`next start`) per test
 * worker (playwright.config.ts `workers`): each worker runs its spec files against its own pair, so specs
 * that share a cluster never share it with a spec running at the same time. Tests find their worker's
 * pair through PORTHOLE_E2E_* environment variables (e2e/support.ts `env`). Specs that must kill the
 * cluster start their own pair (e2e/support.ts).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eWorkers, stackVariable } from './stacks';
import { startTestCluster } from '../test/support/start-cluster';
import { startPorthole } from '../test/support/start-porthole';

async function startStack(index: number): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), `porthole-e2e-${index}-`));
  const cluster = await startTestCluster({ dataDir: join(work, 'data') });
  // Porthole reads its own copy: the cluster helper removes its kubeconfig when the cluster stops.
  const kubeconfig = join(work, 'kubeconfig');
  copyFileSync(cluster.kubeconfigPath, kubeconfig);
  const porthole = await startPorthole({ kubeconfigPath: kubeconfig });
  const set = (name: string, value: string) => (process.env[stackVariable(name, index)] = value);
  set('PORTHOLE_E2E_URL', porthole.url);
  set('PORTHOLE_E2E_CLUSTER_URL', cluster.url);
  set('PORTHOLE_E2E_ADMIN_TOKEN', cluster.tokens.admin);
  // For specs that check the stored object with `kubectl get -o json`.
  set('PORTHOLE_E2E_KUBECONFIG', kubeconfig);
  return async () => {
    await porthole.stop();
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // One after the other: two clusters starting at once on two cores gain little and risk their start timeouts.
  const stops: (() => Promise<void>)[] = [];
  for (let i = 0; i < e2eWorkers(); i++) stops.push(await startStack(i));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
