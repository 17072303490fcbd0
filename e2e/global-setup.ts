/**
 * Starts one embedded cluster (child process, own data dir) and one Porthole (`next start`) for the
 * browser tests; tests find them through PORTHOLE_E2E_* environment variables. Specs that must kill
 * the cluster start their own pair (e2e/support.ts).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCluster } from '../test/support/start-cluster';
import { startPorthole } from '../test/support/start-porthole';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'porthole-e2e-'));
  const cluster = await startTestCluster({ dataDir: join(work, 'data') });
  // Porthole reads its own copy: the cluster helper removes its kubeconfig when the cluster stops.
  const kubeconfig = join(work, 'kubeconfig');
  copyFileSync(cluster.kubeconfigPath, kubeconfig);
  const porthole = await startPorthole({ kubeconfigPath: kubeconfig });
  process.env.PORTHOLE_E2E_URL = porthole.url;
  process.env.PORTHOLE_E2E_CLUSTER_URL = cluster.url;
  process.env.PORTHOLE_E2E_ADMIN_TOKEN = cluster.tokens.admin;
  // For specs that check the stored object with `kubectl get -o json`.
  process.env.PORTHOLE_E2E_KUBECONFIG = kubeconfig;
  return async () => {
    await porthole.stop();
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
