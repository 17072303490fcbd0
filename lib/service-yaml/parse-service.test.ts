import { describe, expect, it } from 'vitest';
import { MAX_YAML_BYTES, parseServiceYaml } from './parse-service';

const OK = `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: demo
spec:
  ports:
    - port: 80
`;

describe('parseServiceYaml: bad input is a marker, never an exception', () => {
  it('parses a Service with no markers', () => {
    const r = parseServiceYaml(OK, { name: 'web', namespace: 'demo' });
    expect(r.markers).toEqual([]);
    expect(r.service?.spec?.ports?.[0].port).toBe(80);
  });

  it('refuses more than 3 MiB and names the limit', () => {
    const big = OK + '#' + 'x'.repeat(MAX_YAML_BYTES) + '\n';
    const r = parseServiceYaml(big);
    expect(r.service).toBeUndefined();
    expect(r.markers).toHaveLength(1);
    expect(r.markers[0].message).toMatch(/limit is 3 MiB/);
    expect(r.markers[0].startLine).toBe(1);
  });

  it('stops an alias bomb with an error at the first alias (its cost is in `npm run bench -- core`)', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 9; i++) {
      const prev = String.fromCharCode(97 + i);
      const cur = String.fromCharCode(98 + i);
      lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const r = parseServiceYaml(lines.join('\n'));
    expect(r.service).toBeUndefined();
    expect(r.markers[0].message).toMatch(/alias/i);
    expect(r.markers[0].startLine).toBe(2);
  });

  it('flags a duplicate key at both places', () => {
    const text = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: ClusterIP\n  type: NodePort\n';
    const r = parseServiceYaml(text);
    const dup = r.markers.filter((m) => /Duplicate key "type"/.test(m.message));
    expect(dup.map((m) => m.startLine).sort()).toEqual([6, 7]);
    expect(r.service).toBeUndefined();
  });

  it('refuses a second document at its ---', () => {
    const r = parseServiceYaml(OK + '---\napiVersion: v1\nkind: Service\n');
    const m = r.markers.find((x) => /second YAML document/.test(x.message));
    expect(m?.startLine).toBe(9);
    expect(m?.startColumn).toBe(1);
  });

  it('refuses a wrong kind and apiVersion at their values', () => {
    const r = parseServiceYaml('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
    expect(r.markers.find((m) => /apiVersion must be "v1"/.test(m.message))?.startLine).toBe(1);
    expect(r.markers.find((m) => /kind must be "Service"/.test(m.message))?.startLine).toBe(2);
  });

  it('refuses another name or namespace than the Service being edited', () => {
    const r = parseServiceYaml(OK.replace('name: web', 'name: other').replace('namespace: demo', 'namespace: prod'), { name: 'web', namespace: 'demo' });
    expect(r.markers.find((m) => /metadata.name is "other"/.test(m.message))?.startLine).toBe(4);
    expect(r.markers.find((m) => /metadata.namespace is "prod"/.test(m.message))?.startLine).toBe(5);
  });

  it('accepts JSON', () => {
    const r = parseServiceYaml('{"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},\n\t"spec":{"ports":[{"port":80}]}}');
    expect(r.markers).toEqual([]);
    expect(r.service?.metadata.name).toBe('web');
  });

  it('reports syntax errors with their position', () => {
    const r = parseServiceYaml('apiVersion: v1\nkind: Service\nspec:\n  ports: [\n');
    expect(r.markers.length).toBeGreaterThan(0);
    expect(r.markers[0].source).toBe('syntax');
    expect(r.markers[0].startLine).toBeGreaterThanOrEqual(4);
  });

  it('refuses a document that is not a mapping, and an empty one', () => {
    expect(parseServiceYaml('- a\n- b\n').markers[0].message).toMatch(/must be a mapping/);
    expect(parseServiceYaml('').markers[0].message).toMatch(/empty/);
  });
});

describe('deep nesting', () => {
  it('1 MiB of nested flow sequences gets one marker at the level past the limit, nothing parsed', () => {
    const half = 1 << 19;
    const parsed = parseServiceYaml(`apiVersion: v1\nkind: Service\nspec:\n  x: ${'['.repeat(half)}${']'.repeat(half)}\n`);
    expect(parsed.service).toBeUndefined();
    expect(parsed.doc).toBeUndefined();
    expect(parsed.markers).toEqual([
      expect.objectContaining({ startLine: 4, startColumn: 6 + 498, severity: 'error', message: expect.stringContaining('Nested more than 500 levels deep') }),
    ]);
  });
});
