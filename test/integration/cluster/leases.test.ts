/**
 * coordination.k8s.io/v1 Leases (what leader election holds; Porthole's history recorder takes one):
 * discovery, create/get/update with the resourceVersion precondition, `kubectl get` columns, RBAC,
 * and deletion with their namespace. Both lanes: the real server's answers are the reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lease, Status } from '../../../lib/k8s/types';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;
const NS = 'it-leases';

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  const r = await cluster.kubectl(['create', 'namespace', NS]);
  expect(r.code, r.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

const kube = (method: string, path: string, body?: unknown, token = cluster.tokens.admin) =>
  fetch(cluster.url + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const LEASES = `/apis/coordination.k8s.io/v1/namespaces/${NS}/leases`;

describe('Leases', () => {
  it('are in discovery as kubectl sees them', async () => {
    const r = await cluster.kubectl(['api-resources', '--api-group=coordination.k8s.io', '--no-headers']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split(/\s+/).filter(Boolean)).toEqual(['leases', 'coordination.k8s.io/v1', 'true', 'Lease']);
  });

  it('create, take over with the resourceVersion read (a stale one is a 409), kubectl get shows the holder', async () => {
    const spec = { holderIdentity: 'a', leaseDurationSeconds: 15, acquireTime: '2026-01-01T10:00:00.000000Z', renewTime: '2026-01-01T10:00:00.000000Z', leaseTransitions: 0 };
    const created = await kube('POST', LEASES, { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'leader' }, spec });
    expect(created.status).toBe(201);
    const lease = (await created.json()) as Lease;
    expect(lease.spec).toEqual(spec);
    const taken = await kube('PUT', `${LEASES}/leader`, { ...lease, spec: { ...spec, holderIdentity: 'b', leaseTransitions: 1 } });
    expect(taken.status).toBe(200);
    const stale = await kube('PUT', `${LEASES}/leader`, { ...lease, spec: { ...spec, holderIdentity: 'c', leaseTransitions: 1 } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as Status).reason).toBe('Conflict');
    const got = await cluster.kubectl(['get', 'leases', '-n', NS, '--no-headers']);
    expect(got.stdout.split(/\s+/).slice(0, 2)).toEqual(['leader', 'b']);
    const invalid = await kube('POST', LEASES, { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'bad' }, spec: { leaseDurationSeconds: 0 } });
    expect(invalid.status).toBe(422);
  });

  it('a user without rights on leases is refused', async () => {
    const r = await kube('GET', LEASES, undefined, cluster.tokens.developer);
    expect(r.status).toBe(403);
  });

  it('go with their namespace', async () => {
    await kube('POST', `/api/v1/namespaces`, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: `${NS}-gone` } });
    const path = `/apis/coordination.k8s.io/v1/namespaces/${NS}-gone/leases`;
    expect((await kube('POST', path, { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'x' }, spec: {} })).status).toBe(201);
    expect([200, 202]).toContain((await kube('DELETE', `/api/v1/namespaces/${NS}-gone`)).status);
    const deadline = Date.now() + 60_000;
    while ((await kube('GET', `${path}/x`)).status !== 404) {
      if (Date.now() > deadline) throw new Error('the lease outlived its namespace');
      await new Promise((r) => setTimeout(r, 250));
    }
  });
});
