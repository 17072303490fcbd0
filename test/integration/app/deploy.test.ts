/**
 * The in-cluster install (issue 9): deploy/base and deploy/overlays/edit render with `kubectl kustomize`
 * and hold what a safe install needs; and Porthole's in-cluster mode, run as the image runs it (the
 * standalone `server.js`; built once, test/support/start-standalone.ts) — a service-account token file,
 * CA file and KUBERNETES_SERVICE_HOST/PORT, nothing else — against the embedded cluster, whose tokens
 * file holds that ServiceAccount with exactly the rules of the rendered ClusterRole: it lists Services,
 * the cluster's RBAC refuses a write with 403, and /readyz is 200.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Status } from '../../../lib/k8s/types';
import { realCluster, startTestCluster, type TestCluster } from '../../support/start-cluster';
import type { PortholeServer } from '../../support/start-porthole';
import { startStandalone } from '../../support/start-standalone';
import { auditLines } from './audit-lines';
import { find, kustomize, rulesOf, type Manifest } from './deploy-manifests';

interface Container {
  name: string;
  image: string;
  env?: { name: string; value?: string }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  volumeMounts?: { name: string; mountPath: string }[];
}

interface PodSpec {
  serviceAccountName?: string;
  securityContext?: Record<string, unknown>;
  containers: Container[];
  volumes?: { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }[];
}

function podSpec(deployment: Manifest): PodSpec {
  return (deployment as Manifest & { spec: { template: { spec: PodSpec } } }).spec.template.spec;
}

const base = kustomize('deploy/base');
const edit = kustomize('deploy/overlays/edit');
const SA_USER = 'system:serviceaccount:porthole:porthole';

describe('deploy/ renders with kubectl kustomize', () => {
  it('base: a non-root, read-only-root-filesystem Deployment with 2 replicas, resources and both probes', () => {
    const deployment = find(base, 'Deployment', 'porthole');
    expect(deployment.metadata.namespace).toBe('porthole');
    expect((deployment as Manifest & { spec: { replicas: number } }).spec.replicas).toBe(2);
    const pod = podSpec(deployment);
    expect(pod.serviceAccountName).toBe('porthole');
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(Number(pod.securityContext?.runAsUser)).toBeGreaterThan(0);
    const [c] = pod.containers;
    expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
    expect(c.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.resources?.limits).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(c.readinessProbe?.httpGet?.path).toBe('/readyz');
    // Writable places: emptyDirs for Next's cache and /tmp, the history volume for the Service history.
    const mounts = Object.fromEntries((c.volumeMounts ?? []).map((m) => [m.mountPath, m.name]));
    expect(Object.keys(mounts).sort()).toEqual(['/app/.next/cache', '/tmp', '/var/lib/porthole']);
    for (const path of ['/app/.next/cache', '/tmp']) expect(pod.volumes?.find((v) => v.name === mounts[path])?.emptyDir).toBeDefined();
    expect(pod.volumes?.find((v) => v.name === mounts['/var/lib/porthole'])?.persistentVolumeClaim?.claimName).toBe('porthole-history');
    const env = Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));
    expect(env).toMatchObject({ PORTHOLE_IN_CLUSTER: '1', PORTHOLE_READ_ONLY: '1', PORTHOLE_HOST: '0.0.0.0' });
  });

  it('base: a Service selecting the pods, and a ServiceAccount bound to a read-only ClusterRole', () => {
    const svc = find(base, 'Service', 'porthole') as Manifest & { spec: { selector: Record<string, string>; ports: { targetPort: string }[] } };
    const deployment = find(base, 'Deployment', 'porthole') as Manifest & { spec: { template: { metadata: { labels: Record<string, string> } } } };
    for (const [k, v] of Object.entries(svc.spec.selector)) expect(deployment.spec.template.metadata.labels[k]).toBe(v);
    expect(svc.spec.ports[0].targetPort).toBe('http');
    find(base, 'ServiceAccount', 'porthole');
    const binding = find(base, 'ClusterRoleBinding', 'porthole-read') as Manifest & { roleRef: { name: string }; subjects: { kind: string; name: string; namespace: string }[] };
    expect(binding.roleRef.name).toBe('porthole-read');
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'porthole', namespace: 'porthole' }]);

    const rules = rulesOf(find(base, 'ClusterRole', 'porthole-read'));
    const verbs = new Set(rules.flatMap((r) => r.verbs));
    expect([...verbs].sort()).toEqual(['create', 'get', 'list', 'watch']);
    // create only for the access reviews; never secrets, pods/exec or services/proxy.
    for (const r of rules.filter((x) => x.verbs.includes('create'))) {
      expect(r.resources?.every((res) => /^self(subject(access|rules)?)reviews$/.test(res))).toBe(true);
    }
    const readable = new Set(rules.filter((r) => r.verbs.includes('list')).flatMap((r) => r.resources ?? []));
    for (const res of ['services', 'endpointslices', 'endpoints', 'pods', 'events', 'namespaces', 'nodes']) expect(readable.has(res)).toBe(true);
    for (const res of ['secrets', 'pods/exec', 'services/proxy', '*']) expect(rules.some((r) => r.resources?.includes(res))).toBe(false);
  });

  it('base: token mode’s shared sign-out list — one ConfigMap, and a Role allowing exactly that object', () => {
    find(base, 'ConfigMap', 'porthole-revoked-sessions');
    expect(rulesOf(find(base, 'Role', 'porthole-sessions'))).toEqual([
      { apiGroups: [''], resources: ['configmaps'], resourceNames: ['porthole-revoked-sessions'], verbs: ['get', 'list', 'watch', 'patch'] },
    ]);
    const binding = find(base, 'RoleBinding', 'porthole-sessions') as Manifest & {
      roleRef: { kind: string; name: string };
      subjects: { kind: string; name: string; namespace: string }[];
    };
    expect(binding.roleRef).toMatchObject({ kind: 'Role', name: 'porthole-sessions' });
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'porthole', namespace: 'porthole' }]);
  });

  it('base: the Service history — its Lease, a Role allowing exactly that Lease, the volume and the history dir on it', () => {
    find(base, 'Lease', 'porthole-history-recorder');
    expect(rulesOf(find(base, 'Role', 'porthole-history'))).toEqual([
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], resourceNames: ['porthole-history-recorder'], verbs: ['get', 'update'] },
    ]);
    const binding = find(base, 'RoleBinding', 'porthole-history') as Manifest & {
      roleRef: { kind: string; name: string };
      subjects: { kind: string; name: string; namespace: string }[];
    };
    expect(binding.roleRef).toMatchObject({ kind: 'Role', name: 'porthole-history' });
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'porthole', namespace: 'porthole' }]);
    const pvc = find(base, 'PersistentVolumeClaim', 'porthole-history') as Manifest & { spec: { accessModes: string[] } };
    expect(pvc.spec.accessModes).toEqual(['ReadWriteOnce']);
    const env = Object.fromEntries((podSpec(find(base, 'Deployment', 'porthole')).containers[0].env ?? []).map((e) => [e.name, e.value]));
    expect(env.PORTHOLE_HISTORY_DIR).toBe('/var/lib/porthole/history');
  });

  it('overlays/edit: adds Service writes for the same ServiceAccount and leaves read-only mode', () => {
    const rules = rulesOf(find(edit, 'ClusterRole', 'porthole-edit-services'));
    expect(rules).toEqual([{ apiGroups: [''], resources: ['services'], verbs: ['create', 'update', 'patch', 'delete'] }]);
    const binding = find(edit, 'ClusterRoleBinding', 'porthole-edit-services') as Manifest & { subjects: { name: string; namespace: string }[] };
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'porthole', namespace: 'porthole' }]);
    find(edit, 'ClusterRole', 'porthole-read');
    const env = podSpec(find(edit, 'Deployment', 'porthole')).containers[0].env ?? [];
    expect(env.some((e) => e.name === 'PORTHOLE_READ_ONLY')).toBe(false);
    expect(env.some((e) => e.name === 'PORTHOLE_IN_CLUSTER')).toBe(true);
  });
});

describe.skipIf(realCluster)('in-cluster mode against the embedded cluster (embedded-only: the ServiceAccount is an identity of --tokens-file)', () => {
  const work = mkdtempSync(join(tmpdir(), 'porthole-in-cluster-'));
  const saDir = join(work, 'serviceaccount');
  const token = `sa-token-${Date.now()}`;
  let cluster: TestCluster;
  let porthole: PortholeServer;

  beforeAll(async () => {
    // The tokens file: the built-in identities plus the ServiceAccount, with the ClusterRole's rules.
    const rules = rulesOf(find(base, 'ClusterRole', 'porthole-read')).map((r) => ({ apiGroups: r.apiGroups, resources: r.resources, verbs: r.verbs }));
    const tokensFile = join(work, 'tokens.yaml');
    writeFileSync(tokensFile, stringify({ defaults: true, users: [{ name: SA_USER, token, groups: ['system:serviceaccounts', 'system:serviceaccounts:porthole'], rules }] }));
    cluster = await startTestCluster({ args: ['--tokens-file', tokensFile] });
    // What the kubelet mounts: token (no newline), ca.crt, namespace.
    const kubeconfig = parse(readFileSync(cluster.kubeconfigPath, 'utf8')) as { clusters: { cluster: { 'certificate-authority-data': string } }[] };
    mkdirSync(saDir);
    writeFileSync(join(saDir, 'token'), token);
    writeFileSync(join(saDir, 'ca.crt'), Buffer.from(kubeconfig.clusters[0].cluster['certificate-authority-data'], 'base64'));
    writeFileSync(join(saDir, 'namespace'), 'porthole');
    // The standalone server the image runs, with the container's environment and no kubeconfig at all.
    porthole = await startStandalone({
      PORTHOLE_IN_CLUSTER: '1',
      PORTHOLE_CLUSTER_SOURCE: 'in-cluster',
      PORTHOLE_SERVICE_ACCOUNT_DIR: saDir,
      KUBERNETES_SERVICE_HOST: '127.0.0.1',
      KUBERNETES_SERVICE_PORT: String(cluster.port),
      HOME: work,
    });
  }, 420_000);

  afterAll(async () => {
    await porthole?.stop();
    await cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('talks TLS to https://KUBERNETES_SERVICE_HOST:PORT with the CA file and says in-cluster', async () => {
    const info = (await (await fetch(`${porthole.url}/api/identity`)).json()) as { source: string; server: string; namespace?: string };
    expect(info.source).toBe('in-cluster');
    expect(info.server).toBe(`https://127.0.0.1:${cluster.port}`);
    expect(info.namespace).toBe('porthole');
    expect((await fetch(`${porthole.url}/readyz`)).status).toBe(200);
  });

  it('lists Services as the ServiceAccount', async () => {
    const res = await fetch(`${porthole.url}/api/services`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { items: { metadata: { namespace: string } }[] };
    expect(list.items.some((i) => i.metadata.namespace === 'demo')).toBe(true);
  });

  it('a write is refused 403 by the cluster RBAC (not by Porthole), and audited as the ServiceAccount', async () => {
    const res = await fetch(`${porthole.url}/api/namespaces/demo/services`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'from-pod' }, spec: { ports: [{ port: 80 }] } }),
    });
    expect(res.status).toBe(403);
    const status = (await res.json()) as Status;
    expect(status.message).toContain(`User "${SA_USER}" cannot create resource "services"`);
    await expect.poll(() => auditLines(porthole.output()).length, { timeout: 10_000 }).toBe(1);
    expect(auditLines(porthole.output())[0]).toMatchObject({ user: SA_USER, verb: 'create', name: 'from-pod', code: 403 });
    expect(auditLines(porthole.output())[0].groups).toEqual(expect.arrayContaining(['system:serviceaccounts:porthole']));
    expect(porthole.output()).not.toContain(token);
  });

  it('access reviews ask the cluster as the ServiceAccount: list allowed, create refused (the UI gates on these)', async () => {
    const can = async (verb: string) => {
      const review = await fetch(`${porthole.url}/api/access/selfsubjectaccessreviews`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SelfSubjectAccessReview',
          metadata: {},
          spec: { resourceAttributes: { verb, resource: 'services', namespace: 'demo' } },
        }),
      });
      return ((await review.json()) as { status: { allowed: boolean } }).status.allowed;
    };
    expect(await can('list')).toBe(true);
    expect(await can('create')).toBe(false);
  });
});
