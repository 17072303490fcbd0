import { describe, expect, it } from 'vitest';
import { findJsonDuplicateFields, parseYamlWithDuplicates, scanJsonText } from './body-text';
import { decodeObject } from './decode';

describe('duplicate keys', () => {
  it('finds repeated JSON keys with their paths, strings with escapes included', () => {
    const text = '{"metadata":{"name":"a\\"b"},"spec":{"ports":[{"port":80,"port":81}],"type":"ClusterIP","type":"NodePort"}}';
    expect(findJsonDuplicateFields(text)).toEqual(['spec.ports[0].port', 'spec.type']);
    expect(findJsonDuplicateFields('{"a":[1,{"b":{}}],"c":"}"}')).toEqual([]);
    expect([...scanJsonText('{"spec":{"ports":[{"port":80.0},{"port":1e2},{"port":80}],"n":-1.5}}').numbers]).toEqual([
      ['spec.ports[0].port', '80.0'],
      ['spec.ports[1].port', '1e2'],
      ['spec.n', '-1.5'],
    ]);
  });

  it('keeps the last YAML value and reports each repeat as go-yaml does', () => {
    const r = parseYamlWithDuplicates('kind: Service\nspec:\n  type: ClusterIP\n  type: NodePort\n');
    expect(r.value).toEqual({ kind: 'Service', spec: { type: 'NodePort' } });
    expect(r.duplicates).toEqual(['line 4: key "type" already set in map']);
  });

  it('decodeObject reports them, and YAML syntax errors without the version/kind prefix', () => {
    const expected = { kind: 'Service', apiVersion: 'v1' };
    expect(decodeObject('{"spec":{"type":"A","type":"B"}}', 'application/json', expected).duplicates).toEqual({ yaml: [], json: ['spec.type'] });
    expect(decodeObject('{"spec":{"type":"A"}}', 'application/json', expected).duplicates).toBeUndefined();
    expect(() => decodeObject('metadata: [\n', 'application/yaml', expected)).toThrow(
      /^the object provided is unrecognized \(must be of type Service\): error converting YAML to JSON: yaml: /,
    );
  });
});
