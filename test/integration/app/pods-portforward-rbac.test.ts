/**
 * Who may open pods/portforward, on both lanes (the real kube-apiserver v1.32 is the referee): the
 * WebSocket upgrade is a GET, authorised as verb `get` on pods/portforward (v1.35 added a check of
 * `create`; v1.32 has none), so the viewer's `get` on every core resource lets it through and the
 * editor (no rule for pods/portforward) gets 403. What the port-forward then reaches needs a kubelet
 * (the real lane has none): test/integration/cluster/port-forward.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeConfig } from '@kubernetes/client-node';
import { forward, upgrade } from '../../support/port-forward';
import { realCluster, startTestCluster, type TestCluster } from '../../support/start-cluster';

const NS = 'demo';
const POD = 'web-5f7d9c8b6-a1b2c';

let cluster: TestCluster;

const path = (pod: string): string => `/api/v1/namespaces/${NS}/pods/${pod}/portforward?ports=8080`;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster?.stop();
});

describe('pods/portforward authorization', () => {
  it('refuses a user without get on pods/portforward with a 403 Status', async () => {
    const r = await upgrade(cluster.url, path(POD), cluster.tokens.editor);
    expect(r.code).toBe(403);
    expect(JSON.parse(r.body)).toMatchObject({
      kind: 'Status',
      reason: 'Forbidden',
      message: `pods "${POD}" is forbidden: User "editor" cannot get resource "pods/portforward" in API group "" in the namespace "${NS}"`,
    });
  });

  it('client-node PortForward fails with 403 for that user', async () => {
    const kc = new KubeConfig();
    kc.loadFromFile(cluster.kubeconfigPath);
    kc.setCurrentContext('porthole-editor');
    await expect(forward(kc, NS, POD, 8080)).rejects.toThrow(/403/);
  });

  it('lets the viewer through: get on every core resource covers pods/portforward on v1.32', async () => {
    const r = await upgrade(cluster.url, path(POD), cluster.tokens.viewer);
    // Past authorization the real lane dials the pod's node, which has no kubelet; the embedded cluster upgrades.
    if (realCluster) expect(r).toMatchObject({ code: 500, body: expect.stringContaining('error dialing backend') });
    else expect(r.code).toBe(101);
  });

  it('answers 404 for a missing pod', async () => {
    const missing = await upgrade(cluster.url, path('no-such-pod'), cluster.tokens.admin);
    expect(missing.code).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ reason: 'NotFound', message: 'pods "no-such-pod" not found' });
  });

  // The referee for the rule above: RBAC objects exist only on a real server (the embedded cluster's rules come from its identities).
  it.skipIf(!realCluster)('real kube-apiserver v1.32: a Role with only create pods/portforward is refused the upgrade, one with only get is let through', async () => {
    const role = (verb: string): string => `pf-${verb}-only`;
    const rbac = ['create', 'get'].flatMap((verb) => [
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: { name: role(verb), namespace: NS },
        rules: [{ apiGroups: [''], resources: ['pods/portforward'], verbs: [verb] }],
      },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { name: role(verb), namespace: NS },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role(verb) },
        subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: role(verb) }],
      },
    ]);
    const applied = await cluster.kubectl(['apply', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: rbac }) });
    expect(applied.code).toBe(0);
    const as = (user: string): Promise<{ code: number; body: string }> => upgrade(cluster.url, path(POD), cluster.tokens.admin, { 'Impersonate-User': user });
    // RBAC caches settle within a moment of the apply: wait for the get-only user to pass.
    let getOnly = await as(role('get'));
    while (getOnly.code === 403) {
      await new Promise((r) => setTimeout(r, 100));
      getOnly = await as(role('get'));
    }
    expect(getOnly.code).toBe(500); // past authorization: dialing the node, which has no kubelet
    const createOnly = await as(role('create'));
    expect(createOnly.code).toBe(403);
    expect(JSON.parse(createOnly.body)).toMatchObject({
      message: `pods "${POD}" is forbidden: User "pf-create-only" cannot get resource "pods/portforward" in API group "" in the namespace "${NS}"`,
    });
  });
});
