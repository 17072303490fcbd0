/**
 * The writes of the Service actions through Porthole's routes (issue 7): DELETE with
 * preconditions.uid, a JSON merge patch of labels with metadata.resourceVersion (409 when stale,
 * removals as null), and a read-only identity refused with the API server's 403 Status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service, Status } from '../../../lib/k8s/types';
import { startAppStack, type AppStack } from './stack';

let stack: AppStack;
const NS = 'it-writes';

beforeAll(async () => {
  stack = await startAppStack();
  await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

async function create(name: string, labels?: Record<string, string>): Promise<Service> {
  const res = await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS, labels },
    spec: { ports: [{ port: 80 }] },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Service;
}

async function porthole(method: string, path: string, body?: unknown, contentType = 'application/json', cookie?: string) {
  const res = await fetch(stack.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': contentType } : {}), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const exists = async (name: string) => (await stack.kube('GET', `/api/v1/namespaces/${NS}/services/${name}`)).status === 200;

describe('delete with preconditions', () => {
  it('a stale uid answers 409 and deletes nothing; the loaded uid deletes', async () => {
    const svc = await create('doomed');
    const path = `/api/namespaces/${NS}/services/doomed`;
    const stale = await porthole('DELETE', path, { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: 'not-the-uid' } });
    expect(stale.status).toBe(409);
    expect((stale.body as Status).message).toContain('the UID in the precondition (not-the-uid) does not match the UID in record');
    expect(await exists('doomed')).toBe(true);
    const ok = await porthole('DELETE', path, { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: svc.metadata.uid } });
    expect(ok.status).toBe(200);
    expect(await exists('doomed')).toBe(false);
  });
});

describe('label merge patch with resourceVersion', () => {
  it('applies changes and removals (null); a stale resourceVersion answers 409 and changes nothing', async () => {
    const svc = await create('labelled', { app: 'web', tier: 'front' });
    const path = `/api/namespaces/${NS}/services/labelled`;
    const patch = (rv: string) => ({ metadata: { resourceVersion: rv, labels: { tier: null, env: 'prod' } } });
    const ok = await porthole('PATCH', path, patch(svc.metadata.resourceVersion!), 'application/merge-patch+json');
    expect(ok.status).toBe(200);
    expect((ok.body as Service).metadata.labels).toEqual({ app: 'web', env: 'prod' });
    const stale = await porthole('PATCH', path, { metadata: { resourceVersion: svc.metadata.resourceVersion, labels: { app: 'other' } } }, 'application/merge-patch+json');
    expect(stale.status).toBe(409);
    expect((stale.body as Status).reason).toBe('Conflict');
    const now = (await (await stack.kube('GET', `/api/v1/namespaces/${NS}/services/labelled`)).json()) as Service;
    expect(now.metadata.labels).toEqual({ app: 'web', env: 'prod' });
  });
});

describe('a read-only identity', () => {
  it('gets the API server’s 403 Status for DELETE and PATCH, and nothing changes', async () => {
    const svc = await create('guarded', { app: 'web' });
    const cookie = 'porthole-context=porthole-viewer';
    const path = `/api/namespaces/${NS}/services/guarded`;
    const del = await porthole('DELETE', path, { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: svc.metadata.uid } }, 'application/json', cookie);
    expect(del.status).toBe(403);
    expect(del.body).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    expect((del.body as Status).message).toBe(`services "guarded" is forbidden: User "viewer" cannot delete resource "services" in API group "" in the namespace "${NS}"`);
    const patch = await porthole('PATCH', path, { metadata: { labels: { app: null } } }, 'application/merge-patch+json', cookie);
    expect(patch.status).toBe(403);
    expect((patch.body as Status).message).toContain('cannot patch resource "services"');
    const now = (await (await stack.kube('GET', `/api/v1/namespaces/${NS}/services/guarded`)).json()) as Service;
    expect(now.metadata.labels).toEqual({ app: 'web' });
  });
});

describe('dry-run creates through Porthole (the form and the YAML editor check with these)', () => {
  const lb = (name: string, nodePort?: number): Service => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS },
    spec: { type: 'LoadBalancer', externalTrafficPolicy: 'Local', selector: { app: 'web' }, ports: [{ name: 'http', port: 80, nodePort }, { name: 'https', port: 443 }] },
  });

  it('answer with kube-apiserver’s placeholders: the service CIDR’s network address and node ports from 32769, nothing stored', async () => {
    const res = await porthole('POST', `/api/namespaces/${NS}/services?dryRun=All`, lb('dry-lb'));
    expect(res.status).toBe(201);
    const svc = res.body as Service;
    expect(svc.spec?.clusterIP).toBe('10.96.0.0');
    expect(svc.spec?.clusterIPs).toEqual(['10.96.0.0']);
    expect(svc.spec?.ports?.map((p) => p.nodePort)).toEqual([32769, 32770]);
    expect(svc.spec?.healthCheckNodePort).toBe(32771);
    expect(await exists('dry-lb')).toBe(false);
  });

  it('do not check a requested node port against the range (the create does, with a 422 naming the field)', async () => {
    const np: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'dry-np', namespace: NS }, spec: { type: 'NodePort', ports: [{ name: 'a', port: 80, nodePort: 99999 }, { name: 'b', port: 81 }] } };
    const dry = await porthole('POST', `/api/namespaces/${NS}/services?dryRun=All`, np);
    expect(dry.status).toBe(201);
    // The next placeholder follows the highest port of the write (portallocator's dry-run operation).
    expect((dry.body as Service).spec?.ports?.map((p) => p.nodePort)).toEqual([99999, 100000]);
    const real = await porthole('POST', `/api/namespaces/${NS}/services`, np);
    expect(real.status).toBe(422);
    const status = real.body as Status;
    expect(status.details?.causes?.map((c) => c.field)).toContain('spec.ports[0].nodePort');
    expect(status.message).toContain('provided port is not in the valid range. The range of valid ports is 30000-32767');
    expect(await exists('dry-np')).toBe(false);
  });
});
