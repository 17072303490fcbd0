/**
 * The list's figures on both kinds of API server (issue 17): the embedded cluster and the real
 * kube-apiserver from ../shared/real-apiserver, measured one after the other in the same run, so the
 * table can put them side by side. BENCH_CLUSTERS=embedded (or real) measures one kind only.
 */
import { spawnSync } from 'node:child_process';
import { realApiServerAvailable } from '../test/support/real-apiserver';
import { REAL_TRUST_FILE, trustRealClusterCa } from '../test/support/real-cluster-pki';
import type { ClusterKind } from '../test/support/start-cluster';
import { settleMachine } from './settle';
import type { BenchResult } from './stats';

/** The version the real lane runs (shared/real-apiserver/README.md). */
const REAL_LABEL = 'kube-apiserver v1.32.13';

export function clusterLabel(kind: ClusterKind): string {
  return kind === 'real' ? REAL_LABEL : 'embedded';
}

function wantedKinds(): ClusterKind[] {
  const asked = (process.env.BENCH_CLUSTERS ?? 'embedded,real').split(',').map((k) => k.trim());
  return (['embedded', 'real'] as const).filter((k) => asked.includes(k));
}

/** Runs `bench` on each wanted kind; the real one only where ../shared/real-apiserver is there (said on stderr otherwise). */
export async function onEachCluster(bench: (kind: ClusterKind) => Promise<BenchResult[]>): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const kind of wantedKinds()) {
    if (kind === 'real' && !realApiServerAvailable()) {
      console.error(`no real kube-apiserver (../shared/real-apiserver): ${REAL_LABEL} figures left out`);
      continue;
    }
    // The second kind after the first one's cluster has stopped (bench/settle.ts).
    if (out.length > 0) console.log(await settleMachine(`before the ${clusterLabel(kind)} run`));
    out.push(...(await bench(kind)));
  }
  return out;
}

/**
 * The real API server's CA must be trusted from the process's start (NODE_EXTRA_CA_CERTS is read
 * once): when it is not, runs this same command again with it set and returns its exit code;
 * undefined when this process may go on.
 */
export function rerunTrustingRealCa(): number | undefined {
  if (!wantedKinds().includes('real') || !realApiServerAvailable()) return undefined;
  if (process.env.NODE_EXTRA_CA_CERTS === REAL_TRUST_FILE) return undefined;
  trustRealClusterCa(true);
  const r = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: process.env });
  return r.status ?? 1;
}
