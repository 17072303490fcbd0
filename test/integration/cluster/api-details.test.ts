/**
 * Embedded-cluster details that differed from kube-apiserver v1.32 (issue 11), over HTTP: the
 * `unknown` field manager, ExternalName dropping internalTrafficPolicy, the 415 of a PATCH in an
 * unsupported media type, and DELETE precondition conflicts naming the Kind.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../../lib/k8s/types';
import type { Status } from '../../../lib/k8s/types/meta';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

const NS = 'default';
const BASE = `/api/v1/namespaces/${NS}/services`;
let cluster: TestCluster;

/** node:http, which (unlike fetch) sends no User-Agent unless told to. */
function call<T>(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; json: T }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = { Authorization: `Bearer ${cluster.tokens.admin}` };
    if (text !== undefined) {
      headers['Content-Type'] = contentType;
      // node sends a DELETE body neither chunked nor with a length unless told.
      headers['Content-Length'] = String(Buffer.byteLength(text));
    }
    const req = httpRequest(`${cluster.url}${path}`, { method, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (data += c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) as T });
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}

function service(name: string): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }], selector: { app: name } } };
}

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
});

afterAll(async () => {
  await cluster?.stop();
});

describe('field manager of an anonymous write', () => {
  it('is "unknown" (operation Update) without fieldManager and User-Agent', async () => {
    const created = await call<Service>('POST', BASE, service('no-agent'));
    expect(created.status).toBe(201);
    expect(created.json.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'unknown', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1' })]);
    const patched = await call<Service>('PATCH', `${BASE}/no-agent`, { metadata: { labels: { tier: 'db' } } }, 'application/merge-patch+json');
    expect(patched.json.metadata.managedFields?.map((m) => `${m.manager}/${m.operation}`)).toEqual(['unknown/Update']);
  });
});

describe('PUT to type ExternalName', () => {
  it('drops spec.internalTrafficPolicy, even when the body repeats it', async () => {
    const created = await call<Service>('POST', BASE, service('to-external'));
    expect(created.json.spec?.internalTrafficPolicy).toBe('Cluster');
    const next = structuredClone(created.json);
    next.spec = { ...next.spec, type: 'ExternalName', externalName: 'db.example.com', clusterIP: '', clusterIPs: undefined, selector: undefined };
    const put = await call<Service>('PUT', `${BASE}/to-external`, next);
    expect(put.status).toBe(200);
    expect(put.json.spec?.type).toBe('ExternalName');
    expect(put.json.spec).not.toHaveProperty('internalTrafficPolicy');
    const read = await call<Service>('GET', `${BASE}/to-external`);
    expect(read.json.spec).not.toHaveProperty('internalTrafficPolicy');
  });
});

describe('PATCH with an unsupported Content-Type', () => {
  it('is 415 "415: Unsupported Media Type"', async () => {
    await call('POST', BASE, service('media'));
    for (const type of ['text/plain', 'application/json']) {
      const res = await call<Status>('PATCH', `${BASE}/media`, '{"metadata":{}}', type);
      expect(res.status).toBe(415);
      // The whole body as kube-apiserver v1.32 sends it (empty details, no UnexpectedServerResponse cause).
      expect(res.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 415, reason: 'UnsupportedMediaType', message: '415: Unsupported Media Type', details: {} });
    }
  });
});

describe('DELETE with stale preconditions', () => {
  it('answers 409 naming the Kind, for resourceVersion and uid', async () => {
    const created = await call<Service>('POST', BASE, service('guarded'));
    const rv = created.json.metadata.resourceVersion;
    const stale = await call<Status>('DELETE', `${BASE}/guarded`, { preconditions: { resourceVersion: '1' } });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      reason: 'Conflict',
      message: `Operation cannot be fulfilled on Service "guarded": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${rv}). The object might have been modified`,
      details: { name: 'guarded', kind: 'Service' },
    });
    const uid = await call<Status>('DELETE', `${BASE}/guarded`, { preconditions: { uid: 'not-the-uid' } });
    expect(uid.status).toBe(409);
    expect(uid.json.message).toBe(
      `Operation cannot be fulfilled on Service "guarded": the UID in the precondition (not-the-uid) does not match the UID in record (${created.json.metadata.uid}). The object might have been deleted and then recreated`,
    );
    const ok = await call<Service>('DELETE', `${BASE}/guarded`, { preconditions: { resourceVersion: rv, uid: created.json.metadata.uid } });
    expect(ok.status).toBe(200);
  });
});
