/**
 * pods/portforward over WebSocket, driven with @kubernetes/client-node's PortForward (v4.channel.k8s.io):
 * the simulated pods' responders answer (HTTP names the pod, other ports echo), unready pods refuse,
 * deleted pods close their connections, the bounds hold, kubectl's SPDY gets a clear error. Embedded
 * only (the real lane has no kubelet to forward to); authorization on both lanes is in
 * test/integration/app/pods-portforward-rbac.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreV1Api, KubeConfig, type V1Pod } from '@kubernetes/client-node';
import { forward as forwardAs, upgrade as upgradeTo, type Forward } from '../../support/port-forward';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

const IDLE_MS = 3000;
const MAX_BYTES = 256 * 1024;
const MAX_CONNECTIONS = 3;
const NS = 'demo';
const WEB = ['web-5f7d9c8b6-a1b2c', 'web-5f7d9c8b6-d3e4f'];
const SLOW = 'slow-start-69d8f7c5b-z1x2c';

let cluster: TestCluster;
let kc: KubeConfig;

const forward = (pod: string, port: number, config: KubeConfig = kc): Promise<Forward> => forwardAs(config, NS, pod, port);
const upgrade = (path: string, token: string, headers?: Record<string, string>): ReturnType<typeof upgradeTo> => upgradeTo(cluster.url, path, token, headers);

async function waitForPods(core: CoreV1Api, names: string[]): Promise<void> {
  for (;;) {
    const pods = await core.listNamespacedPod({ namespace: NS });
    const phase = (n: string): string | undefined => pods.items.find((p: V1Pod) => p.metadata?.name === n)?.status?.phase;
    if (names.every((n) => phase(n) === 'Running')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  const args = ['--pod-idle-timeout', `${IDLE_MS}ms`, '--pod-connection-bytes', String(MAX_BYTES), '--pod-max-connections', String(MAX_CONNECTIONS)];
  cluster = await startTestCluster({ kind: 'embedded', args });
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  await waitForPods(kc.makeApiClient(CoreV1Api), [...WEB, SLOW]);
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

describe('workloads that answer', () => {
  it('reaches the HTTP responder of each web pod, which names itself', async () => {
    for (const pod of WEB) {
      const f = await forward(pod, 8080);
      f.input.write('GET /hello?x=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      const text = await f.out.until((t) => t.includes('}'));
      expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(text).toContain(`X-Porthole-Pod: ${pod}`);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toMatchObject({ pod, namespace: NS, port: 8080, request: 'GET /hello?x=1 HTTP/1.1' });
      expect(body.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      await f.closed;
      expect(f.err.text).toBe('');
    }
  });

  it('echoes on a non-HTTP port', async () => {
    const f = await forward('postgres-0', 5432);
    f.input.write('ping 1\n');
    expect(await f.out.until((t) => t.includes('ping 1\n'))).toBe('ping 1\n');
    f.ws.close();
    await f.closed;
  });

  it('writes connection refused on the error channel for an unready pod and for an undeclared port', async () => {
    const slow = await forward(SLOW, 8080);
    expect(await slow.err.until((t) => t.length > 0)).toMatch(/error forwarding port 8080 to pod slow-start-69d8f7c5b-z1x2c, uid [0-9a-f-]+: .*connection refused/);
    await slow.closed;
    const undeclared = await forward(WEB[0], 9999);
    expect(await undeclared.err.until((t) => t.length > 0)).toContain('dial tcp4 127.0.0.1:9999: connect: connection refused');
    await undeclared.closed;
  });

  it('answers 404 for a missing pod, 400 for a pod with no node, 500 for one not running, and refuses SPDY with a clear Status', async () => {
    const missing = await upgrade(`/api/v1/namespaces/${NS}/pods/nope/portforward?ports=80`, cluster.tokens.admin);
    expect(missing.code).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ reason: 'NotFound', message: 'pods "nope" not found' });
    const spdy = await upgrade(`/api/v1/namespaces/${NS}/pods/${WEB[0]}/portforward?ports=8080`, cluster.tokens.admin, { 'Sec-WebSocket-Protocol': 'SPDY/3.1+portforward.k8s.io' });
    expect(spdy.code).toBe(400);
    expect(JSON.parse(spdy.body).message).toMatch(/SPDY is not supported/);
    const core = kc.makeApiClient(CoreV1Api);
    const spec = { nodeSelector: { 'porthole.dev/no-such-node': 'true' }, containers: [{ name: 'app', image: 'example/app:1', ports: [{ containerPort: 8080 }] }] };
    await core.createNamespacedPod({ namespace: NS, body: { metadata: { name: 'unscheduled' }, spec } });
    const unscheduled = await upgrade(`/api/v1/namespaces/${NS}/pods/unscheduled/portforward?ports=8080`, cluster.tokens.admin);
    expect(unscheduled.code).toBe(400);
    expect(JSON.parse(unscheduled.body)).toMatchObject({ reason: 'BadRequest', message: 'pod unscheduled does not have a host assigned' });
    await core.createNamespacedPod({ namespace: NS, body: { metadata: { name: 'not-running' }, spec: { ...spec, nodeSelector: undefined, nodeName: 'no-such-node' } } });
    const notRunning = await upgrade(`/api/v1/namespaces/${NS}/pods/not-running/portforward?ports=8080`, cluster.tokens.admin);
    expect(notRunning.code).toBe(500);
    expect(JSON.parse(notRunning.body)).toMatchObject({ kind: 'Status', message: `pod not found ("not-running_${NS}")` });
    const noPort = await upgrade(`/api/v1/namespaces/${NS}/pods/${WEB[0]}/portforward`, cluster.tokens.admin);
    expect(noPort.code).toBe(400);
  });

  it('answers an Upgrade request to any other path as a plain request', async () => {
    const r = await upgrade(`/api/v1/namespaces/${NS}/services/web`, cluster.tokens.viewer);
    expect(r.code).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ kind: 'Service', metadata: { name: 'web', namespace: NS } });
  });

  it('closes an open connection when its pod is deleted', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const pod = 'postgres-2';
    const f = await forward(pod, 5432);
    f.input.write('still here\n');
    await f.out.until((t) => t.includes('still here'));
    await core.deleteNamespacedPod({ name: pod, namespace: NS, gracePeriodSeconds: 0 });
    await f.closed;
    expect(f.ws.readyState).toBe(f.ws.CLOSED);
  });

  it('closes a connection past the byte bound and says so on the error channel', async () => {
    const f = await forward('postgres-0', 5432);
    f.input.write(Buffer.alloc(MAX_BYTES, 0x61));
    expect(await f.err.until((t) => t.length > 0)).toContain(`more than ${MAX_BYTES} bytes (--pod-connection-bytes)`);
    await f.closed;
  });

  it('closes an idle connection and says so on the error channel', async () => {
    const f = await forward('postgres-0', 5432);
    expect(await f.err.until((t) => t.length > 0)).toContain('(--pod-idle-timeout)');
    await f.closed;
  });

  it('refuses connections past the per-pod bound', async () => {
    const open = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => forward('postgres-1', 5432)));
    for (const f of open) {
      f.input.write('x');
      await f.out.until((t) => t === 'x');
    }
    const extra = await forward('postgres-1', 5432);
    expect(await extra.err.until((t) => t.length > 0)).toContain(`already has ${MAX_CONNECTIONS} connections (--pod-max-connections)`);
    await extra.closed;
    open.forEach((f) => f.ws.close());
    await Promise.all(open.map((f) => f.closed));
  });

  it('kubectl port-forward (WebSocket tunnel, then SPDY) fails with the clear error', async () => {
    const r = await cluster.kubectl(['-n', NS, 'port-forward', `pod/${WEB[0]}`, '0:8080'], { timeoutMs: 60_000 });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('error upgrading connection: the embedded cluster serves port-forward over WebSocket with subprotocol v4.channel.k8s.io only');
  });
});
