import { describe, expect, it } from 'vitest';
import { isJsonObject, type JsonObject, type JsonValue } from '../k8s/json';
import { createServiceAllocation } from '../cluster/allocators/index';
import { openApiV3Document } from '../cluster/openapi/index';
import { createDefinitions } from '../cluster/registry/index';
import { jsonSchemaFromOpenApi, openApiSubset } from './openapi-schema';

function refs(v: JsonValue, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => refs(x, out));
  else if (isJsonObject(v)) for (const [k, x] of Object.entries(v)) if (k === '$ref' && typeof x === 'string') out.push(x); else refs(x, out);
  return out;
}
const obj = (v: JsonValue | undefined): JsonObject => {
  if (!isJsonObject(v)) throw new Error('not an object');
  return v;
};

describe('OpenAPI v3 → JSON Schema for the Service', () => {
  const openapi = openApiV3Document(createDefinitions(createServiceAllocation()), 'api/v1')!;
  const schema = jsonSchemaFromOpenApi(openapi);
  const defs = obj(schema.definitions);

  it('is self-contained: every $ref resolves inside definitions', () => {
    const all = refs(schema);
    expect(all.length).toBeGreaterThan(5);
    for (const r of all) {
      expect(r.startsWith('#/definitions/')).toBe(true);
      expect(defs[r.slice('#/definitions/'.length)], r).toBeDefined();
    }
  });

  it('keeps descriptions, enums and closes objects', () => {
    const spec = obj(defs['io.k8s.api.core.v1.ServiceSpec']);
    const props = obj(spec.properties);
    expect(String(obj(props.externalTrafficPolicy).description)).toMatch(/\w+/);
    expect(spec.additionalProperties).toBe(false);
    const svc = obj(defs['io.k8s.api.core.v1.Service']);
    expect(obj(obj(svc.properties).kind).enum).toEqual(['Service']);
  });

  it('makes int-or-string an integer or a string', () => {
    const ios = obj(defs['io.k8s.apimachinery.pkg.util.intstr.IntOrString']);
    expect(JSON.stringify(ios)).toMatch(/integer/);
    expect(JSON.stringify(ios)).toMatch(/string/);
  });

  it('refuses a document without the Service', () => {
    expect(() => jsonSchemaFromOpenApi({ components: { schemas: {} } })).toThrow(/no schema/);
  });

  it('refuses a document without the Service', () => {
    expect(() => openApiSubset({ components: { schemas: {} } })).toThrow(/no schema/);
  });
});

describe('the part of the document the Service needs', () => {
  const openapi = openApiV3Document(createDefinitions(createServiceAllocation()), 'api/v1')!;
  const subset = openApiSubset(openapi);
  const kept = obj(obj(subset.components).schemas);

  it('keeps every schema the Service reaches and nothing else', () => {
    expect(Object.keys(kept)).toContain('io.k8s.api.core.v1.ServiceSpec');
    expect(Object.keys(kept)).toContain('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    expect(Object.keys(kept)).not.toContain('io.k8s.api.core.v1.Pod');
    for (const r of refs(subset)) expect(kept[r.slice('#/components/schemas/'.length)], r).toBeDefined();
    expect(Object.keys(kept).length).toBeLessThan(Object.keys(obj(obj(openapi.components).schemas)).length);
  });

  it('gives the same JSON Schema as the whole document', () => {
    expect(jsonSchemaFromOpenApi(subset)).toEqual(jsonSchemaFromOpenApi(openapi));
  });
});
