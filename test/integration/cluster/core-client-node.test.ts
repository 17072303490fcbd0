/**
 * The embedded cluster's generic REST machinery driven with @kubernetes/client-node over HTTPS
 * (the kubeconfig startTestCluster writes): create/get/list/update/patch/apply/delete on Services
 * and pods, with the real server's status codes and messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiException, CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions, type V1Service } from '@kubernetes/client-node';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;
let core: CoreV1Api;
const NS = 'core-cn';

function svc(name: string, extra: Partial<V1Service['spec']> = {}): V1Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS, labels: { suite: 'core' } },
    spec: { selector: { app: name }, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ...extra },
  };
}

/** The Status of a failed call, parsed from the ApiException body. */
async function failure(p: Promise<unknown>): Promise<{ code: number; status: { message: string; reason: string; code: number } }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiException) {
      const body = typeof err.body === 'string' ? JSON.parse(err.body) : err.body;
      return { code: err.code, status: body };
    }
    throw err;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: NS } } });
});

afterAll(async () => {
  await cluster?.stop();
});

describe('create, get, list', () => {
  it('creates a Service with system metadata and defaults, and reads it back', async () => {
    const created = await core.createNamespacedService({ namespace: NS, body: svc('alpha') });
    expect(created.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata?.creationTimestamp).toBeInstanceOf(Date);
    expect(Number(created.metadata?.resourceVersion)).toBeGreaterThan(0);
    expect(created.spec?.clusterIP).toMatch(/^10\.(9[6-9]|1[01][0-9])\./);
    expect(created.spec?.ports?.[0].protocol).toBe('TCP');
    expect(created.metadata?.managedFields?.[0]).toMatchObject({ operation: 'Update', apiVersion: 'v1' });
    const got = await core.readNamespacedService({ name: 'alpha', namespace: NS });
    expect(got.metadata?.uid).toBe(created.metadata?.uid);
    const list = await core.listNamespacedService({ namespace: NS });
    expect(list.items.map((s) => s.metadata?.name)).toContain('alpha');
    expect(Number(list.metadata?.resourceVersion)).toBeGreaterThanOrEqual(Number(created.metadata?.resourceVersion));
  });

  it('generates names with 5 random characters', async () => {
    const body = svc('');
    body.metadata = { generateName: 'gen-', namespace: NS };
    const created = await core.createNamespacedService({ namespace: NS, body });
    expect(created.metadata?.name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('refuses a duplicate name with 409 AlreadyExists', async () => {
    await core.createNamespacedService({ namespace: NS, body: svc('dup') });
    const f = await failure(core.createNamespacedService({ namespace: NS, body: svc('dup') }));
    expect(f.code).toBe(409);
    expect(f.status.message).toBe('services "dup" already exists');
  });

  it('stores nothing on dryRun=All', async () => {
    const out = await core.createNamespacedService({ namespace: NS, body: svc('dry'), dryRun: 'All' });
    expect(out.metadata?.name).toBe('dry');
    const f = await failure(core.readNamespacedService({ name: 'dry', namespace: NS }));
    expect(f.code).toBe(404);
    expect(f.status.message).toBe('services "dry" not found');
  });

  it('refuses a body whose namespace disagrees with the URL', async () => {
    const body = svc('elsewhere');
    body.metadata!.namespace = 'default';
    const f = await failure(core.createNamespacedService({ namespace: NS, body }));
    expect(f.code).toBe(400);
    expect(f.status.message).toBe('the namespace of the provided object does not match the namespace sent on the request');
  });

  it('refuses writes into a missing namespace', async () => {
    const body = svc('lost');
    body.metadata!.namespace = 'no-such-ns';
    const f = await failure(core.createNamespacedService({ namespace: 'no-such-ns', body }));
    expect(f.code).toBe(404);
    expect(f.status.message).toBe('namespaces "no-such-ns" not found');
  });

  it('pages a list with limit and an opaque continue token', async () => {
    for (let i = 0; i < 5; i++) await core.createNamespacedService({ namespace: NS, body: svc(`page-${i}`) });
    const names: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await core.listNamespacedService({ namespace: NS, labelSelector: 'suite=core', limit: 2, _continue: token });
      names.push(...page.items.map((s) => s.metadata?.name ?? ''));
      token = page.metadata?._continue;
      pages++;
    } while (token);
    const all = await core.listNamespacedService({ namespace: NS, labelSelector: 'suite=core' });
    expect(names).toEqual(all.items.map((s) => s.metadata?.name));
    expect(pages).toBeGreaterThan(2);
  });

  it('applies label and field selectors', async () => {
    const bySelector = await core.listNamespacedService({ namespace: NS, labelSelector: 'suite in (core),!missing' });
    expect(bySelector.items.length).toBeGreaterThan(3);
    const byName = await core.listNamespacedService({ namespace: NS, fieldSelector: 'metadata.name=alpha' });
    expect(byName.items.map((s) => s.metadata?.name)).toEqual(['alpha']);
    const bad = await failure(core.listNamespacedService({ namespace: NS, fieldSelector: 'spec.foo=bar' }));
    expect(bad.code).toBe(400);
  });
});

describe('update, patch, apply', () => {
  it('answers a stale resourceVersion with the real 409 message', async () => {
    const live = await core.readNamespacedService({ name: 'alpha', namespace: NS });
    const stale = structuredClone(live);
    live.metadata!.labels = { ...live.metadata!.labels, step: 'one' };
    await core.replaceNamespacedService({ name: 'alpha', namespace: NS, body: live });
    stale.metadata!.labels = { ...stale.metadata!.labels, step: 'two' };
    const f = await failure(core.replaceNamespacedService({ name: 'alpha', namespace: NS, body: stale }));
    expect(f.code).toBe(409);
    expect(f.status.message).toBe(
      'Operation cannot be fulfilled on services "alpha": the object has been modified; please apply your changes to the latest version and try again',
    );
  });

  it('keeps uid and creationTimestamp across updates', async () => {
    const live = await core.readNamespacedService({ name: 'alpha', namespace: NS });
    live.metadata!.creationTimestamp = new Date('2000-01-01T00:00:00Z');
    const out = await core.replaceNamespacedService({ name: 'alpha', namespace: NS, body: live });
    expect(out.metadata?.creationTimestamp?.getUTCFullYear()).not.toBe(2000);
  });

  it('merge-patches and JSON-patches', async () => {
    const merged = await core.patchNamespacedService(
      { name: 'alpha', namespace: NS, body: { metadata: { labels: { merged: 'yes' } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(merged.metadata?.labels?.merged).toBe('yes');
    const patched = await core.patchNamespacedService(
      { name: 'alpha', namespace: NS, body: [{ op: 'replace', path: '/spec/ports/0/port', value: 81 }] },
      setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
    );
    expect(patched.spec?.ports?.[0].port).toBe(81);
  });

  it('server-side applies, reports conflicts as 409 and takes over with force', async () => {
    const applied = svc('ssa');
    const first = await core.patchNamespacedService(
      { name: 'ssa', namespace: NS, body: applied, fieldManager: 'alice' },
      setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply),
    );
    expect(first.metadata?.managedFields?.find((m) => m.manager === 'alice')?.operation).toBe('Apply');
    const changed = svc('ssa');
    changed.spec!.ports![0].targetPort = 9090;
    const f = await failure(
      core.patchNamespacedService({ name: 'ssa', namespace: NS, body: changed, fieldManager: 'bob' }, setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply)),
    );
    expect(f.code).toBe(409);
    expect(f.status.message).toContain('conflict with "alice"');
    const forced = await core.patchNamespacedService(
      { name: 'ssa', namespace: NS, body: changed, fieldManager: 'bob', force: true },
      setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply),
    );
    expect(forced.spec?.ports?.[0].targetPort).toBe(9090);
  });

  it('requires fieldManager for apply patches', async () => {
    const f = await failure(core.patchNamespacedService({ name: 'ssa', namespace: NS, body: svc('ssa') }, setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply)));
    expect(f.code).toBe(422);
    expect(f.status.message).toBe('PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
  });

  it('updates pod status through the status subresource only', async () => {
    await core.createNamespacedPod({ namespace: NS, body: { metadata: { name: 'p1', labels: { app: 'alpha' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } });
    const pod = await core.readNamespacedPod({ name: 'p1', namespace: NS });
    pod.status = { ...pod.status, message: 'from-test' };
    pod.spec!.activeDeadlineSeconds = 99;
    const out = await core.replaceNamespacedPodStatus({ name: 'p1', namespace: NS, body: pod });
    expect(out.status?.message).toBe('from-test');
    expect(out.spec?.activeDeadlineSeconds).toBeUndefined();
  });
});

describe('delete', () => {
  it('returns the deleted Service and honours preconditions', async () => {
    const created = await core.createNamespacedService({ namespace: NS, body: svc('gone') });
    const f = await failure(core.deleteNamespacedService({ name: 'gone', namespace: NS, body: { preconditions: { uid: 'not-the-uid' } } }));
    expect(f.code).toBe(409);
    expect(f.status.message).toBe(
      `Operation cannot be fulfilled on Service "gone": the UID in the precondition (not-the-uid) does not match the UID in record (${created.metadata?.uid}). The object might have been deleted and then recreated`,
    );
    const deleted = await core.deleteNamespacedService({ name: 'gone', namespace: NS });
    expect(deleted.metadata?.uid).toBe(created.metadata?.uid);
    expect((await failure(core.readNamespacedService({ name: 'gone', namespace: NS }))).code).toBe(404);
  });

  it('deletes a collection of pods by label selector', async () => {
    for (const name of ['dc-1', 'dc-2']) {
      await core.createNamespacedPod({ namespace: NS, body: { metadata: { name, labels: { batch: 'x' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } });
    }
    await core.deleteCollectionNamespacedPod({ namespace: NS, labelSelector: 'batch=x' });
    // Pods a node runs terminate gracefully: Terminating until their kubelet deletes them.
    let left = await core.listNamespacedPod({ namespace: NS, labelSelector: 'batch=x' });
    for (const pod of left.items) expect(pod.metadata?.deletionTimestamp).toBeDefined();
    for (let i = 0; i < 50 && left.items.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = await core.listNamespacedPod({ namespace: NS, labelSelector: 'batch=x' });
    }
    expect(left.items).toHaveLength(0);
  });

  it('marks a namespace Terminating and refuses new content in it', async () => {
    await core.createNamespace({ body: { metadata: { name: 'doomed' } } });
    await core.createNamespacedService({ namespace: 'doomed', body: { ...svc('stay'), metadata: { name: 'stay', namespace: 'doomed' } } });
    const ns = await core.deleteNamespace({ name: 'doomed' });
    expect(ns).toBeDefined();
    const f = await failure(core.createNamespacedService({ namespace: 'doomed', body: { ...svc('late'), metadata: { name: 'late', namespace: 'doomed' } } }));
    if (f.code === 403) {
      expect(f.status.message).toBe('services "late" is forbidden: unable to create new content in namespace doomed because it is being terminated');
    } else {
      // The namespace controller may already have finished the deletion.
      expect(f.status.message).toBe('namespaces "doomed" not found');
    }
  });
});
