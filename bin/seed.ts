/**
 * `npm run seed -- --kubeconfig FILE [--context C] [--force] [--kubelet]`: creates the Porthole demo
 * (the embedded cluster's demo data) on any API server the kubeconfig may write to, prints what it
 * did, and with `--kubelet` keeps playing the kubelet of the demo's simulated nodes until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { KubeConfig } from '@kubernetes/client-node';
import { seedDemo, SeedRefusedError } from '../lib/demo-seed/seed';
import { startKubelet } from '../lib/demo-seed/kubelet';
import { stopOnSignals } from './stop-on-signals';

const USAGE = 'usage: seed --kubeconfig FILE [--context NAME] [--force] [--kubelet]';

function options(): { kubeconfig?: string; context?: string; force: boolean; kubelet: boolean } {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      force: { type: 'boolean', default: false },
      kubelet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return { kubeconfig: values.kubeconfig, context: values.context, force: values.force ?? false, kubelet: values.kubelet ?? false };
}

async function main(): Promise<void> {
  let opts;
  try {
    opts = options();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    console.error(USAGE);
    process.exit(2);
  }
  const kc = new KubeConfig();
  if (opts.kubeconfig) kc.loadFromFile(opts.kubeconfig);
  else kc.loadFromDefault();
  if (opts.context) kc.setCurrentContext(opts.context);
  const log = (line: string): void => console.log(line);
  console.log(`Seeding the Porthole demo on ${kc.getCurrentCluster()?.server ?? '?'} (context ${kc.getCurrentContext()})`);
  let result;
  try {
    result = await seedDemo(kc, { force: opts.force, log });
  } catch (err) {
    if (err instanceof SeedRefusedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  console.log(`Done: ${result.created.length} objects created, ${result.existing.length} left as they were.`);
  if (!opts.kubelet) {
    console.log('Without --kubelet nobody renews the nodes\' heartbeats: a controller-manager marks them NotReady after about 40 s and their pods not ready.');
    return;
  }
  const kubelet = startKubelet(kc, { nodes: result.nodes, log });
  console.log(`Playing the kubelet of ${result.nodes.join(', ')} until Ctrl-C.`);
  stopOnSignals('the kubelet', () => kubelet.stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
