import { describe, expect, it } from 'vitest';
import { createServiceAllocation } from '../allocators/index';
import { createDefinitions } from '../registry/index';
import type { JsonObject, JsonValue } from '../../k8s/json';
import { isJsonObject } from '../../k8s/json';
import { openApiV2, openApiV3Document, openApiV3Index } from './index';
import { jsonSchemaFor } from './json-schema';
import { serviceSchema } from '../schema/index';

const defs = createDefinitions(createServiceAllocation());

function refsIn(value: JsonValue, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (isJsonObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

function obj(value: JsonValue | undefined): JsonObject {
  if (!isJsonObject(value)) throw new Error(`not an object: ${JSON.stringify(value)?.slice(0, 80)}`);
  return value;
}

describe('OpenAPI v2', () => {
  const doc = openApiV2(defs);
  const definitions = obj(doc.definitions);

  it('is Swagger 2.0 with every $ref resolving', () => {
    expect(doc.swagger).toBe('2.0');
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) {
      expect(ref.startsWith('#/definitions/')).toBe(true);
      expect(definitions[ref.slice('#/definitions/'.length)], ref).toBeDefined();
    }
  });

  it('names definitions and tags kinds as upstream', () => {
    const svc = obj(definitions['io.k8s.api.core.v1.Service']);
    expect(svc['x-kubernetes-group-version-kind']).toEqual([{ group: '', kind: 'Service', version: 'v1' }]);
    expect(obj(definitions['io.k8s.api.core.v1.ServiceList'])['x-kubernetes-group-version-kind']).toEqual([
      { group: '', kind: 'ServiceList', version: 'v1' },
    ]);
    expect(definitions['io.k8s.api.discovery.v1.EndpointSlice']).toBeDefined();
    expect(definitions['io.k8s.api.authorization.v1.SelfSubjectAccessReview']).toBeDefined();
    const ports = obj(obj(obj(definitions['io.k8s.api.core.v1.ServiceSpec']).properties).ports);
    expect(ports).toMatchObject({
      type: 'array',
      items: { $ref: '#/definitions/io.k8s.api.core.v1.ServicePort' },
      'x-kubernetes-list-map-keys': ['port', 'protocol'],
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-patch-merge-key': 'port',
      'x-kubernetes-patch-strategy': 'merge',
    });
    const meta = obj(obj(svc.properties).metadata);
    expect(meta.$ref).toBe('#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    expect(typeof meta.description).toBe('string');
    const selector = obj(obj(obj(definitions['io.k8s.api.core.v1.ServiceSpec']).properties).selector);
    expect(selector['x-kubernetes-map-type']).toBe('atomic');
  });

  it('has paths for every served resource with kind and action', () => {
    const paths = obj(doc.paths);
    const item = obj(paths['/api/v1/namespaces/{namespace}/services/{name}']);
    expect(obj(item.patch)['x-kubernetes-action']).toBe('patch');
    expect(obj(item.patch)['x-kubernetes-group-version-kind']).toEqual({ group: '', kind: 'Service', version: 'v1' });
    expect(paths['/api/v1/namespaces/{namespace}/services/{name}/status']).toBeDefined();
    expect(paths['/api/v1/nodes/{name}/status']).toBeDefined();
    expect(paths['/apis/discovery.k8s.io/v1/namespaces/{namespace}/endpointslices']).toBeDefined();
    expect(obj(paths['/apis/authorization.k8s.io/v1/selfsubjectaccessreviews']).post).toBeDefined();
    expect(obj(paths['/api/v1/namespaces']).delete).toBeUndefined();
  });
});

describe('OpenAPI v3', () => {
  const index = openApiV3Index(defs);

  it('indexes each served group version with a hashed URL', () => {
    const paths = obj(index.paths);
    expect(Object.keys(paths)).toEqual(['api/v1', 'apis/authentication.k8s.io/v1', 'apis/authorization.k8s.io/v1', 'apis/coordination.k8s.io/v1', 'apis/discovery.k8s.io/v1']);
    expect(obj(paths['api/v1']).serverRelativeURL).toMatch(/^\/openapi\/v3\/api\/v1\?hash=[0-9A-F]{128}$/);
  });

  it('serves a self-contained 3.0 document per group version', () => {
    for (const gv of Object.keys(obj(index.paths))) {
      const doc = openApiV3Document(defs, gv);
      expect(doc?.openapi).toBe('3.0.0');
      const schemas = obj(obj(doc?.components).schemas);
      for (const ref of refsIn(doc ?? {})) {
        expect(ref.startsWith('#/components/schemas/')).toBe(true);
        expect(schemas[ref.slice('#/components/schemas/'.length)], `${gv}: ${ref}`).toBeDefined();
      }
    }
    expect(openApiV3Document(defs, '/apis/discovery.k8s.io/v1')).toBe(openApiV3Document(defs, 'apis/discovery.k8s.io/v1'));
    expect(openApiV3Document(defs, 'apis/apps/v1')).toBeUndefined();
  });

  it('describes fields behind allOf and IntOrString as oneOf, as kubectl explain expects', () => {
    const schemas = obj(obj(openApiV3Document(defs, 'api/v1')?.components).schemas);
    const spec = obj(obj(obj(schemas['io.k8s.api.core.v1.Service']).properties).spec);
    expect(spec.allOf).toEqual([{ $ref: '#/components/schemas/io.k8s.api.core.v1.ServiceSpec' }]);
    expect(typeof spec.description).toBe('string');
    const ios = obj(schemas['io.k8s.apimachinery.pkg.util.intstr.IntOrString']);
    expect(ios.type).toBeUndefined();
    expect(ios.oneOf).toEqual([{ type: 'integer' }, { type: 'string' }]);
  });

  it('declares fieldValidation and dryRun on PATCH so kubectl validates on the server', () => {
    const paths = obj(openApiV3Document(defs, 'api/v1')?.paths);
    const patch = obj(obj(paths['/api/v1/namespaces/{namespace}/services/{name}']).patch);
    const names = (patch.parameters as JsonObject[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['fieldValidation', 'dryRun', 'fieldManager', 'force']));
  });
});

describe('JSON Schema for editors', () => {
  const doc = jsonSchemaFor(serviceSchema);
  const definitions = obj(doc.definitions);

  it('is a closed draft-07 schema whose refs resolve', () => {
    expect(doc.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(doc.$ref).toBe('#/definitions/io.k8s.api.core.v1.Service');
    for (const ref of refsIn(doc)) expect(definitions[ref.slice('#/definitions/'.length)], ref).toBeDefined();
    expect(obj(definitions['io.k8s.api.core.v1.ServicePort']).additionalProperties).toBe(false);
  });

  it('pins apiVersion and kind and keeps descriptions', () => {
    const props = obj(obj(definitions['io.k8s.api.core.v1.Service']).properties);
    expect(obj(props.apiVersion).enum).toEqual(['v1']);
    expect(obj(props.kind).enum).toEqual(['Service']);
    const spec = obj(obj(obj(definitions['io.k8s.api.core.v1.ServiceSpec']).properties).type);
    expect(spec.enum).toEqual(['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']);
    expect(typeof spec.description).toBe('string');
    expect(obj(definitions['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).oneOf).toEqual([{ type: 'integer' }, { type: 'string' }]);
  });
});
