/**
 * kubectl (v1.32, unchanged) against the embedded cluster: apply of the seed examples, get columns,
 * -o yaml, describe, strategic patches, server-side apply conflicts, delete, watch, auth can-i.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;
const NS = 'core-kubectl';

/** Seed examples (shared/seeds: the Service concept page). */
const NGINX = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    app.kubernetes.io/name: proxy
spec:
  containers:
  - name: nginx
    image: nginx:stable
    ports:
    - containerPort: 80
      name: http-web-svc
---
apiVersion: v1
kind: Service
metadata:
  name: nginx-service
spec:
  selector:
    app.kubernetes.io/name: proxy
  ports:
  - name: name-of-service-port
    protocol: TCP
    port: 80
    targetPort: http-web-svc
`;

const NODE_PORT = `apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  type: NodePort
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - port: 80
      # By default and for convenience, the \`targetPort\` is set to
      # the same value as the \`port\` field.
      targetPort: 80
      # Optional field
      nodePort: 30007
`;

const EXTERNAL_NAME = `apiVersion: v1
kind: Service
metadata:
  name: my-database
spec:
  type: ExternalName
  externalName: my.database.example.com
`;

async function kubectl(args: string[], input?: string, context?: string): Promise<string> {
  const r = await cluster.kubectl(['-n', NS, ...args], { input, context });
  if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  const r = await cluster.kubectl(['create', 'namespace', NS]);
  expect(r.stdout.trim()).toBe(`namespace/${NS} created`);
});

afterAll(async () => {
  await cluster?.stop();
});

describe('kubectl', () => {
  it('applies the seed examples', async () => {
    expect(await kubectl(['apply', '-f', '-'], NGINX)).toBe('pod/nginx created\nservice/nginx-service created\n');
    expect(await kubectl(['apply', '-f', '-'], NODE_PORT)).toBe('service/my-service created\n');
    expect(await kubectl(['apply', '-f', '-'], EXTERNAL_NAME)).toBe('service/my-database created\n');
    expect(await kubectl(['apply', '-f', '-'], NODE_PORT)).toBe('service/my-service unchanged\n');
  });

  it('prints the real server-side columns', async () => {
    const out = await kubectl(['get', 'services']);
    const lines = out.trim().split('\n');
    expect(lines[0].split(/\s+/)).toEqual(['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE']);
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `))?.split(/\s+/) ?? [];
    expect(row('my-service').slice(1, 2)).toEqual(['NodePort']);
    expect(row('my-service')[4]).toBe('80:30007/TCP');
    expect(row('my-database').slice(1, 5)).toEqual(['ExternalName', '<none>', 'my.database.example.com', '<none>']);
    const wide = await kubectl(['get', 'svc', 'nginx-service', '-o', 'wide']);
    expect(wide.split('\n')[0]).toMatch(/SELECTOR$/);
    expect(wide).toContain('app.kubernetes.io/name=proxy');
  });

  it('prints -o yaml with defaults and allocated values', async () => {
    const yaml = await kubectl(['get', 'svc', 'my-service', '-o', 'yaml']);
    expect(yaml).toMatch(/^apiVersion: v1\nkind: Service\n/);
    expect(yaml).toMatch(/clusterIP: 10\.\d+\.\d+\.\d+/);
    expect(yaml).toContain('nodePort: 30007');
    expect(yaml).toContain('externalTrafficPolicy: Cluster');
    expect(yaml).toContain('kubectl.kubernetes.io/last-applied-configuration');
    expect(yaml).toMatch(/resourceVersion: "\d+"/);
  });

  it('describes a Service with its endpoints', async () => {
    await until(async () => !(await kubectl(['describe', 'svc', 'nginx-service'])).match(/Endpoints:\s+<none>/));
    const out = await kubectl(['describe', 'svc', 'nginx-service']);
    expect(out).toMatch(/TargetPort:\s+http-web-svc\/TCP/);
    expect(out).toMatch(/Endpoints:\s+10\.244\.\d+\.\d+:80/);
    expect(out).toMatch(/Selector:\s+app.kubernetes.io\/name=proxy/);
  });

  it('strategic-merge-patches ports by their key', async () => {
    const out = await kubectl(['patch', 'svc', 'nginx-service', '-p', '{"spec":{"ports":[{"name":"metrics","port":9090,"targetPort":9090}]}}']);
    expect(out).toBe('service/nginx-service patched\n');
    const ports = await kubectl(['get', 'svc', 'nginx-service', '-o', 'jsonpath={.spec.ports[*].port}']);
    expect(ports.split(' ').sort()).toEqual(['80', '9090']);
  });

  it('reports server-side apply conflicts and forces them', async () => {
    const changed = NODE_PORT.replace('targetPort: 80', 'targetPort: 8080');
    const conflict = await cluster.kubectl(['-n', NS, 'apply', '--server-side', '--field-manager', 'other', '-f', '-'], { input: changed });
    expect(conflict.code).not.toBe(0);
    expect(conflict.stderr).toContain('Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .spec.ports[port=80,protocol="TCP"].targetPort');
    const forced = await kubectl(['apply', '--server-side', '--field-manager', 'other', '--force-conflicts', '-f', '-'], changed);
    expect(forced).toBe('service/my-service serverside-applied\n');
    expect(await kubectl(['get', 'svc', 'my-service', '-o', 'jsonpath={.spec.ports[0].targetPort}'])).toBe('8080');
  });

  it('refuses unknown fields (kubectl asks for Strict validation)', async () => {
    const r = await cluster.kubectl(['-n', NS, 'create', '-f', '-'], { input: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: strict\nspec:\n  foo: 1\n  ports:\n  - port: 80\n' });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "spec.foo"');
  });

  it('shows changes to a watching kubectl get -w', async () => {
    const watcher = cluster.spawnKubectl(['-n', NS, 'get', 'svc', '-w', '--output-watch-events']);
    let out = '';
    watcher.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    try {
      await until(async () => out.includes('my-database'));
      await kubectl(['label', 'svc', 'my-database', 'watched=yes']);
      await kubectl(['delete', 'svc', 'my-database']);
      await until(async () => /DELETED\s+my-database/.test(out));
      expect(out).toMatch(/ADDED\s+my-database/);
      expect(out).toMatch(/MODIFIED\s+my-database/);
    } finally {
      watcher.kill('SIGKILL');
    }
  });

  it('deletes', async () => {
    expect(await kubectl(['delete', 'svc', 'nginx-service'])).toBe('service "nginx-service" deleted\n');
    const r = await cluster.kubectl(['-n', NS, 'get', 'svc', 'nginx-service']);
    expect(r.stderr.trim()).toBe('Error from server (NotFound): services "nginx-service" not found');
  });

  it('creates from the protobuf bodies of kubectl create service, and refuses protobuf for unmapped kinds (415)', async () => {
    expect(await kubectl(['create', 'service', 'nodeport', 'pb-np', '--tcp=80:8080'])).toBe('service/pb-np created\n');
    const svc = JSON.parse(await kubectl(['get', 'svc', 'pb-np', '-o', 'json'])) as { spec: { type: string; ports: { port: number; targetPort: number }[] } };
    expect(svc.spec.type).toBe('NodePort');
    expect(svc.spec.ports[0]).toMatchObject({ port: 80, targetPort: 8080 });
    const res = await fetch(`${cluster.url}/api/v1/namespaces/${NS}/pods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cluster.tokens.admin}`, 'content-type': 'application/vnd.kubernetes.protobuf' },
      body: Buffer.from('k8s\0\n\x0b\n\x02v1\x12\x03Pod', 'binary'),
    });
    expect(res.status).toBe(415);
  });

  it('answers auth can-i per identity, and 403 with the real message', async () => {
    const can = async (context: string): Promise<string> => (await cluster.kubectl(['auth', 'can-i', 'delete', 'services', '-n', 'demo'], { context })).stdout.trim();
    expect(await can('admin')).toBe('yes');
    expect(await can('viewer')).toBe('no');
    expect(await can('editor')).toBe('yes');
    const r = await cluster.kubectl(['-n', NS, 'delete', 'svc', 'my-service'], { context: 'viewer' });
    expect(r.stderr.trim()).toBe(
      `Error from server (Forbidden): services "my-service" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "${NS}"`,
    );
  });
});
