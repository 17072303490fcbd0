/**
 * `npm run cluster -- --port 6443 --data-dir .porthole/data --write-kubeconfig .porthole/kubeconfig`:
 * runs the embedded Kubernetes-compatible API server until SIGTERM/SIGINT.
 */
import { startCluster } from '../lib/cluster/cluster';
import { parseClusterArgs } from '../lib/cluster/options';
import { stopOnSignals } from './stop-on-signals';

async function main(): Promise<void> {
  let options;
  try {
    options = parseClusterArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    console.error(
      'usage: cluster [--port 6443] [--data-dir DIR] [--write-kubeconfig FILE] [--service-cluster-ip-range CIDR[,CIDR]] [--service-node-port-range A-B] [--lb-pool CIDR] [--tokens-file FILE] [--anonymous-auth] [--empty] [--scale N] [--history-size N] [--headers-timeout 32s] [--request-timeout 60s] [--keep-alive-timeout 90s] [--max-connections 1000] [--watch-queue-bytes 10Mi] [--watch-queue-events 1000]',
    );
    process.exit(2);
  }
  const cluster = await startCluster(options);
  console.log(`Embedded cluster listening on ${cluster.url}`);
  if (options.writeKubeconfig) console.log(`Kubeconfig written to ${options.writeKubeconfig}`);
  stopOnSignals('the embedded cluster', () => cluster.stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
