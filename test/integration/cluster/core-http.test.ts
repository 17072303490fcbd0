/**
 * The HTTP surface of the embedded cluster: authentication, content negotiation (Table, YAML,
 * protobuf fallback), discovery and health paths, unknown paths, and bad input answered with the
 * real server's 4xx Status while nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;
const NS = 'core-http';
const SERVICES = `/api/v1/namespaces/${NS}/services`;

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

async function call(method: string, path: string, options: { body?: string; contentType?: string; accept?: string; token?: string | null } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? cluster.tokens.admin : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  if (options.accept) headers.Accept = options.accept;
  const res = await fetch(`${cluster.url}${path}`, { method, headers, body: options.body });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON (YAML, health text)
  }
  return { status: res.status, headers: res.headers, text, json };
}

function service(name: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }], ...extra } });
}

async function expectNothingStored(name: string): Promise<void> {
  expect((await call('GET', `${SERVICES}/${name}`)).status).toBe(404);
}

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
  expect((await call('POST', '/api/v1/namespaces', { body: JSON.stringify({ metadata: { name: NS } }) })).status).toBe(201);
});

afterAll(async () => {
  await cluster?.stop();
});

describe('authentication', () => {
  it('answers 401 without a valid token', async () => {
    for (const token of [null, 'wrong-token']) {
      const r = await call('GET', SERVICES, { token });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
    }
  });

  it('answers 403 with the real message for a read-only identity', async () => {
    const r = await call('POST', SERVICES, { body: service('nope'), token: cluster.tokens.viewer });
    expect(r.status).toBe(403);
    expect(r.json.message).toBe(`services is forbidden: User "viewer" cannot create resource "services" in API group "" in the namespace "${NS}"`);
  });
});

describe('negotiation and discovery', () => {
  it('serves a server-side Table when kubectl asks for one', async () => {
    await call('POST', SERVICES, { body: service('tabled') });
    const r = await call('GET', SERVICES, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' });
    expect(r.json.kind).toBe('Table');
    const columns = (r.json.columnDefinitions as { name: string }[]).map((c) => c.name);
    expect(columns.slice(0, 6)).toEqual(['Name', 'Type', 'Cluster-IP', 'External-IP', 'Port(s)', 'Age']);
    const rows = r.json.rows as { cells: unknown[]; object: { kind: string } }[];
    expect(rows[0].cells[0]).toBe('tabled');
    expect(rows[0].object.kind).toBe('PartialObjectMetadata');
    expect((r.json.metadata as { resourceVersion: string }).resourceVersion).toMatch(/^\d+$/);
  });

  it('answers YAML when asked and JSON for protobuf requests', async () => {
    const yaml = await call('GET', `${SERVICES}/tabled`, { accept: 'application/yaml' });
    expect(yaml.headers.get('content-type')).toBe('application/yaml');
    expect(yaml.text).toMatch(/^apiVersion: v1\nkind: Service\n/);
    const proto = await call('GET', `${SERVICES}/tabled`, { accept: 'application/vnd.kubernetes.protobuf, */*' });
    expect(proto.headers.get('content-type')).toBe('application/json');
    expect(proto.json.kind).toBe('Service');
  });

  it('serves PartialObjectMetadata to metadata-only clients', async () => {
    const list = await call('GET', SERVICES, { accept: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json' });
    expect(list.json).toMatchObject({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1' });
    const items = list.json.items as { kind: string; metadata: { name: string }; spec?: unknown }[];
    expect(items.find((i) => i.metadata.name === 'tabled')).toMatchObject({ kind: 'PartialObjectMetadata' });
    expect(items[0].spec).toBeUndefined();
    const one = await call('GET', `${SERVICES}/tabled`, { accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1' });
    expect(one.json).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'tabled' } });
  });

  it('impersonates with Impersonate-User when allowed, and refuses it otherwise', async () => {
    const asViewer = await fetch(`${cluster.url}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cluster.tokens.admin}`, 'Impersonate-User': 'viewer', 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }),
    });
    expect(((await asViewer.json()) as { status: { userInfo: { username: string } } }).status.userInfo.username).toBe('viewer');
    const refused = await fetch(`${cluster.url}${SERVICES}`, { headers: { Authorization: `Bearer ${cluster.tokens.viewer}`, 'Impersonate-User': 'admin' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('users "admin" is forbidden: User "viewer" cannot impersonate resource "users" in API group "" at the cluster scope');
  });

  it('serves discovery, OpenAPI and health paths', async () => {
    expect((await call('GET', '/version')).json.gitVersion).toBe('v1.32.0-porthole');
    expect((await call('GET', '/api')).json.versions).toEqual(['v1']);
    const v1 = await call('GET', '/api/v1');
    expect((v1.json.resources as { name: string }[]).map((r) => r.name)).toEqual(expect.arrayContaining(['services', 'services/status', 'pods', 'namespaces', 'nodes', 'events', 'endpoints']));
    const groups = (await call('GET', '/apis')).json.groups as { name: string }[];
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['discovery.k8s.io', 'authorization.k8s.io', 'authentication.k8s.io']));
    expect((await call('GET', '/apis/discovery.k8s.io/v1')).json.kind).toBe('APIResourceList');
    expect((await call('GET', '/openapi/v2')).json.swagger).toBe('2.0');
    expect(Object.keys((await call('GET', '/openapi/v3')).json.paths as object)).toContain('api/v1');
    for (const path of ['/healthz', '/livez', '/readyz']) {
      const r = await call('GET', path);
      expect([r.status, r.text]).toEqual([200, 'ok']);
    }
  });

  it('answers writes to the read-only all-namespaces collection with 405', async () => {
    for (const method of ['POST', 'DELETE']) {
      const r = await call(method, '/api/v1/services', method === 'POST' ? { body: service('nowhere') } : {});
      expect(r.status).toBe(405);
      expect(r.json).toMatchObject({ reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' });
    }
  });

  it('answers unknown paths with the real 404 Status', async () => {
    for (const path of ['/api/v1/widgets', '/apis/example.com/v1', '/nothing-here', '/api/v1/namespaces/default/namespaces', '/api/v1/services/x']) {
      const r = await call('GET', path);
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'the server could not find the requested resource' });
    }
  });
});

describe('bad input is refused and nothing is stored', () => {
  it('malformed JSON and YAML', async () => {
    const json = await call('POST', SERVICES, { body: '{"apiVersion": "v1", "kind": ' });
    expect(json.status).toBe(400);
    expect(json.json.message).toMatch(/^the object provided is unrecognized \(must be of type Service\): couldn't get version\/kind; json parse error: /);
    const yaml = await call('POST', SERVICES, { body: 'apiVersion: v1\nkind: Service\nmetadata: [\n', contentType: 'application/yaml' });
    expect(yaml.status).toBe(400);
    expect(yaml.json.message).toContain('error converting YAML to JSON');
  });

  it('YAML bodies are accepted', async () => {
    const r = await call('POST', SERVICES, { body: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: from-yaml\nspec:\n  ports:\n  - port: 80\n', contentType: 'application/yaml' });
    expect(r.status).toBe(201);
  });

  it('wrong apiVersion or kind', async () => {
    const version = await call('POST', SERVICES, { body: JSON.stringify({ apiVersion: 'apps/v1', kind: 'Service', metadata: { name: 'bad-version' } }) });
    expect(version.status).toBe(400);
    expect(version.json.message).toBe('the API version in the data (apps/v1) does not match the expected API version (v1)');
    const kind = await call('POST', SERVICES, { body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bad-kind' } }) });
    expect(kind.status).toBe(400);
    expect(kind.json.message).toBe('Pod in version "v1" cannot be handled as a Service: converting (v1.Pod) to (core.Service): unknown conversion');
    await expectNothingStored('bad-version');
    await expectNothingStored('bad-kind');
  });

  it('values of the wrong type', async () => {
    const r = await call('POST', SERVICES, { body: service('bad-type', { ports: 'x' }) });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Service in version "v1" cannot be handled as a Service: json: cannot unmarshal string into Go struct field ServiceSpec.spec.ports of type []v1.ServicePort');
    await expectNothingStored('bad-type');
  });

  it('a body over 3 MiB', async () => {
    const big = JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'big', annotations: { a: 'x'.repeat(3 * 1024 * 1024) } } });
    const r = await call('POST', SERVICES, { body: big });
    expect(r.status).toBe(413);
    expect(r.json.message).toBe('Request entity too large: limit is 3145728');
    await expectNothingStored('big');
  });

  it('a name that is too long', async () => {
    const name = 'a'.repeat(64);
    const r = await call('POST', SERVICES, { body: service(name) });
    expect(r.status).toBe(422);
    expect(r.json.message).toBe(`Service "${name}" is invalid: metadata.name: Invalid value: "${name}": must be no more than 63 characters`);
  });

  it('__proto__ keys never reach objects', async () => {
    const body = '{"apiVersion":"v1","kind":"Service","metadata":{"name":"proto","__proto__":{"polluted":"yes"}},"spec":{"ports":[{"port":80}],"__proto__":{"type":"NodePort"}}}';
    const strict = await call('POST', `${SERVICES}?fieldValidation=Strict`, { body });
    expect(strict.status).toBe(400);
    expect(strict.json.message).toBe('Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "metadata.__proto__", unknown field "spec.__proto__"');
    const warn = await call('POST', SERVICES, { body });
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toContain('299 - "unknown field \\"metadata.__proto__\\""');
    const stored = (await call('GET', `${SERVICES}/proto`)).json as { metadata: Record<string, unknown>; spec: Record<string, unknown> };
    expect(stored.spec.type).toBe('ClusterIP');
    expect(Object.getPrototypeOf(stored.metadata)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('__proto__ as a label or selector key is an ordinary (invalid) map key: 422, not an unknown field', async () => {
    const body = '{"apiVersion":"v1","kind":"Service","metadata":{"name":"proto-map","labels":{"__proto__":"x"}},"spec":{"ports":[{"port":80}],"selector":{"__proto__":"a"}}}';
    const r = await call('POST', `${SERVICES}?fieldValidation=Strict`, { body });
    expect(r.status).toBe(422);
    const causes = (r.json.details as { causes: { field: string; message: string }[] }).causes;
    expect(causes.map((c) => c.field)).toEqual(['metadata.labels', 'spec.selector']);
    expect(causes[0].message).toMatch(/^Invalid value: "__proto__": name part must consist of alphanumeric characters/);
    await expectNothingStored('proto-map');
  });

  it('unknown fields: Strict refuses, Warn warns and drops, Ignore drops', async () => {
    const strict = await call('POST', `${SERVICES}?fieldValidation=Strict`, { body: service('unk', { foo: 1 }) });
    expect(strict.status).toBe(400);
    expect(strict.json.message).toBe('Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "spec.foo"');
    await expectNothingStored('unk');
    const warn = await call('POST', SERVICES, { body: service('unk', { foo: 1 }) });
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toBe('299 - "unknown field \\"spec.foo\\""');
    expect((warn.json.spec as Record<string, unknown>).foo).toBeUndefined();
    const ignore = await call('POST', `${SERVICES}?fieldValidation=Ignore`, { body: service('unk-2', { foo: 1 }) });
    expect(ignore.headers.get('warning')).toBeNull();
  });

  it('duplicate keys: the last one wins; Strict refuses, Warn warns (YAML by line, JSON by field)', async () => {
    const yaml = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: dup\nspec:\n  type: ClusterIP\n  type: NodePort\n  ports:\n  - port: 80\n';
    const strict = await call('POST', `${SERVICES}?dryRun=All&fieldValidation=Strict`, { body: yaml, contentType: 'application/yaml' });
    expect(strict.status).toBe(400);
    expect(strict.json.message).toBe(
      'Service in version "v1" cannot be handled as a Service: strict decoding error: yaml: unmarshal errors:\n  line 7: key "type" already set in map',
    );
    const warn = await call('POST', `${SERVICES}?dryRun=All&fieldValidation=Warn`, { body: yaml, contentType: 'application/yaml' });
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toBe('299 - "line 7: key \\"type\\" already set in map"');
    expect((warn.json.spec as Record<string, unknown>).type).toBe('NodePort');
    const json = '{"apiVersion":"v1","kind":"Service","metadata":{"name":"dup"},"spec":{"ports":[{"port":80}],"foo":1,"type":"ClusterIP","type":"NodePort"}}';
    const strictJson = await call('POST', `${SERVICES}?dryRun=All&fieldValidation=Strict`, { body: json });
    expect(strictJson.json.message).toBe('Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "spec.foo", duplicate field "spec.type"');
    const ignore = await call('POST', `${SERVICES}?dryRun=All&fieldValidation=Ignore`, { body: json });
    expect(ignore.status).toBe(201);
    expect(ignore.headers.get('warning')).toBeNull();
  });

  it('objects created without kind/apiVersion (POST or server-side apply) are served with them first', async () => {
    expect((await call('POST', SERVICES, { body: '{"metadata":{"name":"nokind"},"spec":{"ports":[{"port":80}]}}' })).status).toBe(201);
    const applied = await call('PATCH', `${SERVICES}/ssa-kind?fieldManager=m1`, {
      body: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: ssa-kind\nspec:\n  ports: [{port: 80}]\n',
      contentType: 'application/apply-patch+yaml',
    });
    expect(applied.text.startsWith('{"kind":"Service","apiVersion":"v1","metadata":{')).toBe(true);
    for (const name of ['nokind', 'ssa-kind']) {
      expect((await call('GET', `${SERVICES}/${name}`)).text.startsWith('{"kind":"Service","apiVersion":"v1","metadata":{')).toBe(true);
    }
  });

  it('Service warnings (GetWarningsForService) arrive as Warning headers on create and update', async () => {
    const headless = service('warned', { clusterIP: 'None', sessionAffinity: 'ClientIP', loadBalancerIP: '1.2.3.4', externalIPs: ['1.2.3.5'] });
    const created = await call('POST', SERVICES, { body: headless });
    expect(created.status).toBe(201);
    expect(created.headers.get('warning')).toBe(
      '299 - "spec.loadBalancerIP is ignored for headless services", 299 - "spec.externalIPs is ignored for headless services", 299 - "spec.SessionAffinity is ignored for headless services"',
    );
    const patched = await call('PATCH', `${SERVICES}/warned`, { body: '{"spec":{"externalName":"a.b"}}', contentType: 'application/merge-patch+json' });
    expect(patched.status).toBe(200);
    expect(patched.headers.get('warning')).toContain('299 - "spec.externalName is ignored when spec.type is not \\"ExternalName\\""');
    const plain = await call('POST', SERVICES, { body: service('unwarned') });
    expect(plain.headers.get('warning')).toBeNull();
  });

  it('empty maps and lists do not survive the write (as protobuf storage drops them)', async () => {
    const r = await call('POST', SERVICES, { body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'emptysel', labels: {} }, spec: { selector: {}, ports: [{ port: 80 }], externalIPs: [] } }) });
    expect(r.status).toBe(201);
    for (const obj of [r.json, (await call('GET', `${SERVICES}/emptysel`)).json] as { metadata: object; spec: object }[]) {
      expect(obj.metadata).not.toHaveProperty('labels');
      expect(obj.spec).not.toHaveProperty('selector');
      expect(obj.spec).not.toHaveProperty('externalIPs');
    }
  });

  it('a URL namespace that disagrees with the body', async () => {
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'elsewhere', namespace: 'default' }, spec: { ports: [{ port: 80 }] } });
    const r = await call('POST', SERVICES, { body });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('the namespace of the provided object does not match the namespace sent on the request');
    const put = await call('PUT', `${SERVICES}/tabled`, { body: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'tabled', namespace: 'default' }, spec: { ports: [{ port: 80 }] } }) });
    expect(put.status).toBe(400);
    expect(put.json.message).toBe(`the namespace of the object (default) does not match the namespace on the request (${NS})`);
  });

  it('an unsupported patch content type', async () => {
    const r = await call('PATCH', `${SERVICES}/tabled`, { body: '{}', contentType: 'text/plain' });
    expect(r.status).toBe(415);
    expect(r.json.reason).toBe('UnsupportedMediaType');
  });
});
