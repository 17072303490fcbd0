/**
 * Discovery and OpenAPI against a running embedded cluster, through kubectl (`explain`,
 * `api-resources`, `version`) and over HTTP (every $ref of the v3 documents resolves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../../support/start-cluster';

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster({ empty: true });
});

afterAll(async () => {
  await cluster?.stop();
});

async function get(path: string, accept = 'application/json'): Promise<{ status: number; type: string; json: unknown }> {
  const res = await fetch(`${cluster.url}${path}`, { headers: { authorization: `Bearer ${cluster.tokens.viewer}`, accept } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', json: await res.json() };
}

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

describe('kubectl explain', () => {
  it('explains service.spec with our descriptions', async () => {
    const r = await cluster.kubectl(['explain', 'service.spec']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('KIND:       Service');
    expect(r.stdout).toContain('VERSION:    v1');
    expect(r.stdout).toContain('FIELD: spec <ServiceSpec>');
    expect(r.stdout).toMatch(/ports\t<\[\]ServicePort>/);
    expect(r.stdout).toMatch(/trafficDistribution\t<string>/);
    expect(r.stdout).toMatch(/type\t<string>\n\s+enum: ClusterIP, ExternalName, LoadBalancer, NodePort/);
    expect(r.stdout).toContain('The desired behaviour of a Service');
  });

  it('explains service.spec.ports recursively', async () => {
    const r = await cluster.kubectl(['explain', 'service.spec.ports', '--recursive']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('FIELD: ports <[]ServicePort>');
    for (const line of [/appProtocol\t<string>/, /nodePort\t<integer>/, /port\t<integer> -required-/, /targetPort\t<IntOrString>/]) {
      expect(r.stdout).toMatch(line);
    }
  });

  it('explains other kinds by short name and group', async () => {
    const slice = await cluster.kubectl(['explain', 'endpointslices.endpoints.conditions']);
    expect(slice.code, slice.stderr).toBe(0);
    expect(slice.stdout).toContain('GROUP:      discovery.k8s.io');
    expect(slice.stdout).toMatch(/ready\t<boolean>/);
    const pod = await cluster.kubectl(['explain', 'po.spec.containers.ports']);
    expect(pod.stdout).toMatch(/containerPort\t<integer> -required-/);
    const bad = await cluster.kubectl(['explain', 'service.spec.nope']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('field "nope" does not exist');
  });
});

describe('discovery', () => {
  it('kubectl api-resources lists the served resources with short names', async () => {
    const r = await cluster.kubectl(['api-resources', '--no-headers']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^services\s+svc\s+v1\s+true\s+Service$/m);
    expect(r.stdout).toMatch(/^endpointslices\s+discovery\.k8s\.io\/v1\s+true\s+EndpointSlice$/m);
    expect(r.stdout).toMatch(/^selfsubjectaccessreviews\s+authorization\.k8s\.io\/v1\s+false\s+SelfSubjectAccessReview$/m);
  });

  it('kubectl version shows v1.32.0-porthole', async () => {
    const r = await cluster.kubectl(['version']);
    expect(r.stdout).toContain('Server Version: v1.32.0-porthole');
  });

  it('serves aggregated discovery when asked, legacy otherwise', async () => {
    const agg = await get('/api', 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json');
    expect(agg.type).toContain('as=APIGroupDiscoveryList');
    expect(agg.json).toMatchObject({ kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2' });
    const legacy = await get('/api');
    expect(legacy.json).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const list = await get('/api/v1');
    expect(list.json).toMatchObject({ kind: 'APIResourceList', groupVersion: 'v1' });
  });
});

describe('OpenAPI', () => {
  it('v3: every indexed document is served and its $refs resolve', async () => {
    const index = await get('/openapi/v3');
    const paths = (index.json as { paths: Record<string, { serverRelativeURL: string }> }).paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['api/v1', 'apis/discovery.k8s.io/v1', 'apis/authorization.k8s.io/v1']));
    for (const { serverRelativeURL } of Object.values(paths)) {
      const doc = await get(serverRelativeURL);
      expect(doc.status).toBe(200);
      const schemas = (doc.json as { components: { schemas: Record<string, unknown> } }).components.schemas;
      for (const ref of refs(doc.json)) expect(schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    }
  });

  it('v2: Swagger 2.0 with the Service definition', async () => {
    const doc = await get('/openapi/v2');
    expect(doc.status).toBe(200);
    const defs = (doc.json as { definitions: Record<string, { 'x-kubernetes-group-version-kind'?: unknown }> }).definitions;
    expect(defs['io.k8s.api.core.v1.Service']['x-kubernetes-group-version-kind']).toEqual([{ group: '', kind: 'Service', version: 'v1' }]);
  });

  it('v2: the gnostic protobuf form for a protobuf Accept, so kubectl validates `kind: List` files', async () => {
    const res = await fetch(`${cluster.url}/openapi/v2`, {
      headers: { authorization: `Bearer ${cluster.tokens.viewer}`, accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    const list = (spec: string) =>
      `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Service\n  metadata: {name: listed, namespace: default}\n  spec:\n${spec}    ports: [{port: 80}]\n`;
    const bad = await cluster.kubectl(['apply', '-f', '-'], { input: list('    foo: 1\n') });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('ValidationError(Service.spec): unknown field "foo" in io.k8s.api.core.v1.ServiceSpec');
    const ok = await cluster.kubectl(['apply', '-f', '-'], { input: list('') });
    expect(ok.stderr).toBe('');
    expect(ok.stdout.trim()).toBe('service/listed created');
  });
});
