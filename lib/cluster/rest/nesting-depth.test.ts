import { describe, expect, it } from 'vitest';
import { failureOf } from '../errors/api-error.test-support';
import { decodeObject, parseBodyValue } from './decode';
import { goJsonSyntaxError } from './go-json-error';
import { excessNesting, MAX_NESTING_DEPTH } from '../../text/nesting-depth';

const expected = { kind: 'Service', apiVersion: 'v1' };

/** A Service whose spec.x nests objects so that the whole document is `total` levels deep. */
function deepService(total: number): string {
  const inner = total - 2; // the document and spec are two levels
  return `{"apiVersion":"v1","kind":"Service","metadata":{"name":"d"},"spec":{"x":${'{"a":'.repeat(inner)}1${'}'.repeat(inner)}}}`;
}

function deepYaml(total: number): string {
  const inner = total - 2;
  return `apiVersion: v1\nkind: Service\nmetadata:\n  name: d\nspec:\n  x: ${'['.repeat(inner)}1${']'.repeat(inner)}\n`;
}

describe('excessNesting', () => {
  it('finds the first container beyond the limit, at any depth, without recursion', () => {
    expect(excessNesting({ a: [1] }, 2)).toBeUndefined();
    expect(excessNesting({ a: [[1]] }, 2)).toBe('[');
    expect(excessNesting([{ a: {} }], 2)).toBe('{');
    expect(excessNesting('text', 0)).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(excessNesting(deep)).toBe('[');
  });
});

describe('deeply nested bodies', () => {
  it(`accepts ${MAX_NESTING_DEPTH} levels and refuses one more with 400 and encoding/json's message`, () => {
    expect(decodeObject(deepService(MAX_NESTING_DEPTH), 'application/json', expected).object.kind).toBe('Service');
    expect(failureOf(() => decodeObject(deepService(MAX_NESTING_DEPTH + 1), 'application/json', expected))).toBe(
      `400 the object provided is unrecognized (must be of type Service): couldn't get version/kind; json parse error: invalid character '{' exceeded max depth ({"apiVersion":"v1","kind":"Ser ...)`,
    );
    expect(failureOf(() => decodeObject(deepService(10_000), 'application/json', expected))).toContain("invalid character '{' exceeded max depth");
  });

  it('refuses deep YAML (flow and block) with the wording and line of go-yaml, also where the parser itself would overflow', () => {
    expect(decodeObject(deepYaml(MAX_NESTING_DEPTH), 'application/yaml', expected).object.kind).toBe('Service');
    for (const total of [MAX_NESTING_DEPTH + 1, 10_000]) {
      expect(failureOf(() => decodeObject(deepYaml(total), 'application/yaml', expected))).toMatch(
        /^400 the object provided is unrecognized \(must be of type Service\): yaml: line 6: exceeded max depth of 500 \(/,
      );
    }
    let block = '';
    for (let i = 0; i < 600; i++) block += `${' '.repeat(i)}a:\n`;
    expect(failureOf(() => parseBodyValue(block, 'application/yaml', (e) => e))).toBe('400 error converting YAML to JSON: yaml: line 501: exceeded max depth of 500');
  });

  it('refuses deep patch bodies of every kind', () => {
    const deep = `${'['.repeat(600)}${']'.repeat(600)}`;
    expect(failureOf(() => parseBodyValue(`{"spec":${deep}}`, 'application/merge-patch+json', (e) => e))).toBe("400 invalid character '[' exceeded max depth");
    expect(failureOf(() => parseBodyValue(`x: ${deep}`, 'application/yaml', (e) => `error decoding YAML: ${e}`))).toBe(
      '400 error decoding YAML: error converting YAML to JSON: yaml: exceeded max depth of 500',
    );
  });

  it('stops at the depth limit while looking for a syntax error, as encoding/json does', () => {
    expect(goJsonSyntaxError('['.repeat(100_000))).toBe("invalid character '[' exceeded max depth");
    expect(goJsonSyntaxError(`${'{"a":'.repeat(600)}x`)).toBe("invalid character '{' exceeded max depth");
    expect(goJsonSyntaxError(`${'['.repeat(10)}x`)).toBe("invalid character 'x' looking for beginning of value");
    expect(failureOf(() => parseBodyValue('['.repeat(100_000), 'application/json', (e) => e))).toBe("400 invalid character '[' exceeded max depth");
  });
});

describe('bodies refused before parsing', () => {
  const MiB = 1 << 20;
  it('1 MiB nested as JSON or YAML, every content type, answers the depth error', () => {
    const flow = `${'['.repeat(MiB / 2)}${']'.repeat(MiB / 2)}`;
    for (const type of ['application/json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/json-patch+json']) {
      expect(failureOf(() => parseBodyValue(`{"spec":${flow}}`, type, (e) => e))).toBe("400 invalid character '[' exceeded max depth");
    }
    for (const type of ['application/yaml', 'application/apply-patch+yaml']) {
      expect(failureOf(() => parseBodyValue(`a: 1\nspec: ${flow}\n`, type, (e) => e))).toBe('400 error converting YAML to JSON: yaml: line 2: exceeded max depth of 500');
      expect(failureOf(() => parseBodyValue(`${'- '.repeat(MiB / 2)}x\n`, type, (e) => e))).toBe('400 error converting YAML to JSON: yaml: exceeded max depth of 500');
    }
    expect(failureOf(() => decodeObject(`{"kind":"Service","spec":${flow}}`, 'application/json', expected))).toContain("json parse error: invalid character '[' exceeded max depth");
  });

  it('keeps the last of repeated keys in a patch, as the real server does', () => {
    expect(parseBodyValue('a: 1\na: 2\n', 'application/apply-patch+yaml', (e) => e)).toEqual({ a: 2 });
  });
});
