/**
 * The real backend of the test cluster (PORTHOLE_TEST_CLUSTER=real): kube-apiserver v1.32 + etcd +
 * kube-controller-manager from ../shared/real-apiserver (test/support/real-apiserver.ts), with the
 * embedded cluster's identities (same tokens, equivalent RBAC), a kubeconfig with the same context
 * names (porthole-admin, porthole-viewer, porthole-editor, porthole-developer) and the demo data
 * unless `empty`. A cluster started again on the same `dataDir` keeps its data and its URL.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { defaultIdentities } from '../../lib/cluster/auth';
import { DEMO_NODES, seedDemo, startKubelet, type RunningKubelet } from '../../lib/demo-seed';
import { kubeconfigYaml } from '../../lib/cluster/kubeconfig';
import { startRealApiServer } from './real-apiserver';
import { writeApiServerEndpoints } from './real-apiserver-endpoints';
import { startLoadBalancerController } from './real-load-balancer';
import { startScheduler } from './real-scheduler';
import type { WatchLoop } from './real-watch-loop';
import { identityNamespaces, identityRbac, tokensCsv, yamlStream } from './real-cluster-identities';
import { ensureRealPki, REAL_CA_FILE, REAL_PKI_FILES, REAL_TRUST_FILE } from './real-cluster-pki';
import { caDataFrom, kubectlRunner, tokensFrom, type StartOptions, type TestCluster } from './test-cluster';

export const REAL_CLUSTER_NAME = 'porthole-real';
const KUBECONFIG_FILE = 'porthole-kubeconfig';
/** How long a deleted pod takes to stop (the embedded cluster's tests run with the same). */
const POD_TERMINATION_MS = 300;

/** WORKDIRs of the servers this process started and has not stopped: killed if the process exits first (they run detached). */
const running = new Set<string>();
process.once('exit', () => {
  for (const workDir of running) {
    for (const name of ['kube-controller-manager', 'kube-apiserver', 'etcd']) {
      try {
        process.kill(Number(readFileSync(join(workDir, `${name}.pid`), 'utf8')), 'SIGKILL');
      } catch {
        // not running
      }
    }
  }
});

function adminConfig(kubeconfigPath: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfigPath);
  kc.setCurrentContext('porthole-admin');
  return kc;
}

/** Certificates (the CA every test process trusts) and tokens, before the start script (which keeps both). */
function prepareWorkDir(workDir: string): void {
  const pki = join(workDir, 'pki');
  if (!existsSync(join(pki, 'ca.crt'))) {
    const from = ensureRealPki();
    mkdirSync(pki, { recursive: true, mode: 0o700 });
    for (const f of REAL_PKI_FILES) copyFileSync(join(from, f), join(pki, f));
  }
  const tokens = join(workDir, 'tokens.csv');
  if (!existsSync(tokens)) writeFileSync(tokens, tokensCsv(), { mode: 0o600 });
}

/** The port of an earlier start on this WORKDIR, so a restarted server keeps its URL. */
function earlierPort(workDir: string): number | undefined {
  const env = join(workDir, 'env');
  if (!existsSync(env)) return undefined;
  const m = /^APISERVER_PORT=(\d+)$/m.exec(readFileSync(env, 'utf8'));
  return m ? Number(m[1]) : undefined;
}

export async function startRealCluster(opts: StartOptions = {}): Promise<TestCluster> {
  if (opts.args?.length) throw new Error(`a real cluster takes no embedded-cluster flags (${opts.args.join(' ')}): skip this test on real`);
  if (process.env.NODE_EXTRA_CA_CERTS !== REAL_TRUST_FILE) {
    throw new Error(`the real test lane needs NODE_EXTRA_CA_CERTS=${REAL_TRUST_FILE} from the start of the process: run it through vitest or playwright (their configs set it)`);
  }
  const work = mkdtempSync(join(tmpdir(), 'porthole-real-cluster-'));
  const workDir = opts.dataDir ?? join(work, 'apiserver');
  mkdirSync(workDir, { recursive: true });
  const restart = existsSync(join(workDir, 'env'));
  prepareWorkDir(workDir);
  const port = opts.port ?? earlierPort(workDir);
  const extraArgs = opts.serviceClusterIPRange ? `--service-cluster-ip-range=${opts.serviceClusterIPRange}` : '';
  const server = await startRealApiServer({
    workDir,
    env: {
      ...(port ? { APISERVER_PORT: String(port) } : {}),
      ...(extraArgs ? { APISERVER_EXTRA_ARGS: extraArgs } : {}),
      // No kubelet heartbeats needed: Nodes the tests create stay Ready however loaded the machine is.
      KCM_CONTROLLERS: '*,-node-lifecycle-controller',
    },
  });
  running.add(workDir);
  const kubeconfigPath = join(workDir, KUBECONFIG_FILE);
  const identities = defaultIdentities();
  writeFileSync(kubeconfigPath, kubeconfigYaml(server.url, identities, readFileSync(REAL_CA_FILE, 'utf8'), 'admin', REAL_CLUSTER_NAME), { mode: 0o600 });
  const kubectl = kubectlRunner(kubeconfigPath, work);
  const cleanup = (): void => {
    running.delete(workDir);
    rmSync(work, { recursive: true, force: true });
  };
  let kubelet: RunningKubelet | undefined;
  let scheduler: WatchLoop | undefined;
  let loadBalancers: WatchLoop | undefined;
  /** The players first, then the server: stopped (`stop`) or SIGKILLed with its data kept (`kill9`). */
  const shutDown = async (how: 'stop' | 'kill9'): Promise<void> => {
    loadBalancers?.stop();
    scheduler?.stop();
    await kubelet?.stop();
    await (how === 'stop' ? server.stop() : server.kill9());
    cleanup();
  };

  try {
    // The namespaces the identities' rules name exist even on an empty cluster: a RoleBinding needs its
    // namespace (the embedded cluster grants by name, so its developer may read an empty `demo` too).
    const namespaces = identityNamespaces(identities);
    // The same demo as the embedded cluster's (lib/demo-seed), once: a restart keeps what is there.
    if (!restart && !opts.empty) await seedDemo(adminConfig(kubeconfigPath));
    if (!restart) await writeApiServerEndpoints(adminConfig(kubeconfigPath));
    // The embedded cluster runs its pods on simulated nodes; here lib/demo-seed plays their kubelet.
    kubelet = startKubelet(adminConfig(kubeconfigPath), { nodes: [...DEMO_NODES], terminationMs: POD_TERMINATION_MS });
    // No kube-scheduler either: pods the tests create without a node go to those nodes.
    scheduler = startScheduler(adminConfig(kubeconfigPath), DEMO_NODES);
    // Nor a cloud provider: LoadBalancer Services get addresses as on the embedded cluster.
    loadBalancers = startLoadBalancerController(adminConfig(kubeconfigPath));
    const apply = await kubectl.kubectl(['apply', '--server-side', '--field-manager=porthole-tests', '-f', '-'], { input: yamlStream([...namespaces.map(namespaceObject), ...identityRbac(identities, namespaces)]) });
    if (apply.code !== 0) throw new Error(`RBAC for the test identities: ${apply.stderr}`);
    await rbacInEffect(kubectl, namespaces);
  } catch (err) {
    await shutDown('stop');
    throw err;
  }

  return {
    kind: 'real',
    url: server.url,
    port: Number(new URL(server.url).port),
    pid: server.pid,
    kubeconfigPath,
    dataDir: opts.dataDir,
    tokens: tokensFrom(kubeconfigPath),
    caData: caDataFrom(kubeconfigPath),
    output: () => ['kube-apiserver', 'kube-controller-manager', 'etcd'].map((n) => `--- ${n}\n${server.log(n as 'etcd')}`).join('\n'),
    ...kubectl,
    stop: () => shutDown('stop'),
    kill9: () => shutDown('kill9'),
  };
}

function namespaceObject(name: string): object {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

/** RBAC answers from an informer cache: wait until the namespaced identities may act in their namespaces. */
async function rbacInEffect(kubectl: ReturnType<typeof kubectlRunner>, namespaces: string[]): Promise<void> {
  for (const ns of namespaces) {
    for (let i = 0; ; i++) {
      const r = await kubectl.kubectl(['auth', 'can-i', 'create', 'services', '-n', ns], { context: 'developer' });
      if (r.stdout.trim() === 'yes') break;
      if (i >= 100) throw new Error(`RBAC for namespace ${ns} not in effect: ${r.stdout}${r.stderr}`);
      await new Promise((res) => setTimeout(res, 100));
    }
  }
}
