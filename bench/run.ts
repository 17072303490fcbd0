/** `npm run bench [cluster|app|fanout|forms|yaml]`: every benchmark Porthole has, with its target. Prints a table. */
import { benchApp } from './app-bench';
import { benchCluster } from './cluster-bench';
import { benchFanout } from './fanout-bench';
import { benchForms } from './forms-bench';
import { printResults } from './stats';
import { benchYamlEditor } from './yaml-editor-bench';

async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === 'cluster') printResults('Embedded cluster', await benchCluster());
  if (!only || only === 'app') printResults('Porthole (Service list, 10,000 Services)', await benchApp());
  if (!only || only === 'fanout') printResults('Many viewers, one upstream (100 SSE clients)', await benchFanout());
  if (!only || only === 'forms') printResults('Service forms (create/edit)', await benchForms());
  if (!only || only === 'yaml') printResults('YAML editor', await benchYamlEditor());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
