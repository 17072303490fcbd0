/**
 * A relayed list and compression, on the embedded cluster and on kube-apiserver: a client that takes
 * gzip gets the API server's own gzip (it compresses answers of 128 KiB and more, at level 1), passed on
 * as it came — not a plain copy that Porthole's server compresses again (compress-json.ts); a client
 * that does not take gzip gets the list plain.
 */
import http from 'node:http';
import https from 'node:https';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceList } from '../../../lib/k8s/types';
import { startAppStack, type AppStack } from './stack';

const NS = 'it-relay-gzip';
/** 48 Services of ~4.5 KB each: a list above the API server's 128 KiB compression threshold. */
const SERVICES = 48;
let stack: AppStack;

beforeAll(async () => {
  stack = await startAppStack();
  expect((await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status).toBe(201);
  for (let i = 0; i < SERVICES; i++) {
    const note = Array.from({ length: 100 }, (_, j) => `line ${j} of service ${i}: ${((i + 1) * (j + 7919)).toString(36)}`).join('\n');
    const res = await stack.kube('POST', `/api/v1/namespaces/${NS}/services`, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: `svc-${i}`, namespace: NS, annotations: { 'porthole.test/note': note } },
      spec: { ports: [{ port: 80 }] },
    });
    expect(res.status).toBe(201);
  }
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as it came on the wire: nothing unpacked. */
function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // kube-apiserver over https (its CA: NODE_EXTRA_CA_CERTS, set by the test config), Porthole over http.
    (url.startsWith('https:') ? https : http)
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The list without its resourceVersion (other objects of the cluster move it between two requests). */
function items(json: Buffer): ServiceList['items'] {
  const list = JSON.parse(json.toString('utf8')) as ServiceList;
  expect(list.kind).toBe('ServiceList');
  return list.items;
}

const direct = (encoding: string) => get(`${stack.cluster.url}/api/v1/namespaces/${NS}/services`, { Authorization: `Bearer ${stack.cluster.tokens.admin}`, 'Accept-Encoding': encoding });

describe('a relayed list of more than 128 KiB', () => {
  it("reaches a client that takes gzip as the API server's own gzip, not compressed again", async () => {
    const fromApi = await direct('gzip');
    expect(fromApi.status).toBe(200);
    expect(fromApi.headers['content-encoding']).toBe('gzip');
    const plainSize = gunzipSync(fromApi.body).length;
    expect(plainSize).toBeGreaterThan(128 * 1024);
    for (const path of [`/api/namespaces/${NS}/services`, `/api/services?namespace=${NS}`]) {
      const relayed = await get(stack.url + path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(relayed.status, path).toBe(200);
      expect(relayed.headers['content-type'], path).toBe('application/json');
      expect(relayed.headers['content-encoding'], path).toBe('gzip');
      expect(relayed.headers.vary, path).toMatch(/accept-encoding/i);
      // The gzip header names the compressor's level and system (Next's compression: level 6, whose
      // output also is some 15 % smaller than the API server's level 1).
      expect(relayed.body.subarray(0, 10).equals(fromApi.body.subarray(0, 10)), path).toBe(true);
      expect(Math.abs(relayed.body.length - fromApi.body.length), path).toBeLessThan(fromApi.body.length / 100);
      expect(items(gunzipSync(relayed.body)), path).toEqual(items(gunzipSync(fromApi.body)));
    }
  });

  it('reaches a client that does not take gzip plain', async () => {
    const fromApi = await direct('identity');
    expect(fromApi.headers['content-encoding']).toBeUndefined();
    const relayed = await get(`${stack.url}/api/namespaces/${NS}/services`, { 'Accept-Encoding': 'identity' });
    expect(relayed.status).toBe(200);
    expect(relayed.headers['content-encoding']).toBeUndefined();
    expect(items(relayed.body)).toEqual(items(fromApi.body));
  });
});
