/** `npm run bench [cluster|app]`: every benchmark Porthole has, with its target. Prints a table. */
import { benchApp } from './app-bench';
import { benchCluster } from './cluster-bench';
import { printResults } from './stats';

async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === 'cluster') printResults('Embedded cluster', await benchCluster());
  if (!only || only === 'app') printResults('Porthole (Service list, 10,000 Services)', await benchApp());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
