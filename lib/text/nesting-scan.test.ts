import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { findExcessNesting, lineAt, nestingDepth } from './nesting-scan';

/** Depth of a parsed value: the top-level container is level 1. */
function valueDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((m, v) => Math.max(m, valueDepth(v)), 0);
}

/** What the parser builds, errors or not: the deepest of the documents. */
const yamlDepth = (text: string): number =>
  parseAllDocuments(text, { uniqueKeys: false }).reduce<number>((m, doc) => Math.max(m, valueDepth(doc.toJS({ maxAliasCount: -1 }))), 0);

describe('JSON', () => {
  it('counts containers outside strings, escapes included', () => {
    expect(nestingDepth('{"a":[1,{"b":[]}]}', 'json')).toBe(4);
    expect(nestingDepth('{"a":"[[[[{{{{"}', 'json')).toBe(1);
    expect(nestingDepth('{"a":"\\"[[[[", "b":[[1]]}', 'json')).toBe(3);
    expect(nestingDepth('{"a":"\\\\", "b":[[1]]}', 'json')).toBe(3);
    expect(nestingDepth('["]]]]]]", [[[1]]]]', 'json')).toBe(4);
  });

  it('stops at the first container past the limit, with its offset, line and character', () => {
    expect(findExcessNesting('[[1]]', 2, 'json')).toBeUndefined();
    expect(findExcessNesting('{"a":\n[[1]]}', 2, 'json')).toEqual({ offset: 7, line: 2, open: '[', depth: 3 });
    expect(findExcessNesting('['.repeat(1 << 20), 500, 'json')).toMatchObject({ offset: 500, open: '[', depth: 501 });
  });
});

describe('YAML', () => {
  const cases: Record<string, string> = {
    'block maps': 'a:\n  b:\n    c: 1\n',
    'block seq under a key, same column': 'a:\n- b: 1\n  c: [1]\n- 2\nd: 1\n',
    'compact sequences': '- - - x\n  - y\n- z\n',
    'compact mapping in a sequence': '- a: 1\n  b:\n    - c\n',
    'flow in block': 'a: [1, {b: [2]}]\n',
    'implicit pairs in a flow sequence': 'a: [b: [c: [d]]]\n',
    'explicit keys': '? a\n: [1, [2]]\n',
    'brackets in quoted scalars': 'a: "[[[[ \\" [[["\nb: \'[[[ \'\' [[[\'\nc: [1]\n',
    'brackets in plain scalars (block)': 'a: x[[[[{{{\nb: 1\n',
    'quotes inside plain scalars do not start strings': 'a: [x"y, [z"]]\n',
    'comments': 'a: 1 # [[[[ {{{{\n# [[[[\nb: [1, # [[[[\n  2]\n',
    'block scalars': 'a: |\n  [[[[[\n  - - - -\n  {{{\nb: >-\n  x: [[[\n',
    'multi-line plain scalar': 'a: one\n  two [[[ three\nb: 1\n',
    'multi-line quoted scalar': 'a: "one\n  [[[[ two"\nb: [1]\n',
    'documents': '[[1]]\n---\na: 1\n',
    'anchors and tags': 'a: &x !!seq [1]\nb: *x\nc: !!map {d: 1}\n',
    JSON: '{"a": [1, {"b": "]]]"}], "c": {"d": []}}',
  };
  for (const [name, text] of Object.entries(cases)) {
    it(`counts ${name} as the parser nests them`, () => {
      expect(nestingDepth(text, 'yaml')).toBe(yamlDepth(text));
    });
  }

  it('is never fooled into counting less than the parser builds', () => {
    const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
    const tricks = [
      `a: "unterminated\n${deep(50)}\n`, // the quoted scalar ends at the unindent: the flow is real
      `a: |\n    text\n  ${deep(50)}\n`, // a less indented line ends the block scalar
      `a: b\n  c: ${deep(50)}\n`, // a continuation line with a colon
      `- - "x\n   ${deep(50)}"\n`, // not indented enough for the compact entry's scalar
      `a: [\nb, 'c\n${deep(50)}\n`, // an unindented flow line ends the flow collection
      `{a: 'x''${deep(50)}'}\n${deep(50)}\n`,
      `a: [x'y, ${deep(50)}]\n`,
      `a: #${deep(3)}\n  ${deep(50)}\n`,
    ];
    for (const text of tricks) {
      // An invalid document still costs the parser its nodes: what it builds is measured all the same.
      expect(nestingDepth(text, 'yaml'), text).toBeGreaterThanOrEqual(yamlDepth(text));
    }
  });

  it('refuses deep flow, block and compact nesting at the first level past the limit', () => {
    expect(findExcessNesting(`x: ${'['.repeat(1 << 20)}`, 500, 'yaml')).toMatchObject({ line: 1, open: '[', depth: 501, offset: 3 + 499 });
    let block = '';
    for (let i = 0; i < 600; i++) block += `${' '.repeat(i)}a:\n`;
    expect(findExcessNesting(block, 500, 'yaml')).toMatchObject({ line: 501, open: '{', depth: 501 });
    expect(findExcessNesting(`${'- '.repeat(600)}x\n`, 500, 'yaml')).toMatchObject({ line: 1, open: '[', depth: 501 });
    expect(findExcessNesting(`a: ${'['.repeat(499)}${']'.repeat(499)}\n`, 500, 'yaml')).toBeUndefined();
  });
});

describe('lineAt', () => {
  it('is 1-based', () => {
    expect(lineAt('a\nb\nc', 0)).toBe(1);
    expect(lineAt('a\nb\nc', 2)).toBe(2);
    expect(lineAt('a\nb\nc', 4)).toBe(3);
  });
});
