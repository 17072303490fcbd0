import { describe, expect, it } from 'vitest';
import { highlightYamlLine, type YamlToken } from './highlight';

const kinds = (tokens: YamlToken[]) => tokens.filter((t) => t.text.trim()).map((t) => `${t.kind}:${t.text.trim()}`);

describe('highlightYamlLine', () => {
  it('colours a key and its value by what the value is', () => {
    expect(kinds(highlightYamlLine('  port: 8080'))).toEqual(['key:port', 'punct::', 'number:8080']);
    expect(kinds(highlightYamlLine('  type: ClusterIP'))).toEqual(['key:type', 'punct::', 'string:ClusterIP']);
    expect(kinds(highlightYamlLine('  publishNotReadyAddresses: false'))).toEqual(['key:publishNotReadyAddresses', 'punct::', 'literal:false']);
    expect(kinds(highlightYamlLine('metadata:'))).toEqual(['key:metadata', 'punct::']);
  });

  it('list items, quoted keys and values with colons', () => {
    expect(kinds(highlightYamlLine('  - name: http'))).toEqual(['punct:-', 'key:name', 'punct::', 'string:http']);
    expect(kinds(highlightYamlLine('    app.kubernetes.io/name: web'))).toEqual(['key:app.kubernetes.io/name', 'punct::', 'string:web']);
    expect(kinds(highlightYamlLine('  "a: b": "c: d"'))).toEqual(['key:"a: b"', 'punct::', 'string:"c: d"']);
    expect(kinds(highlightYamlLine('  url: http://example.com:80/x'))).toEqual(['key:url', 'punct::', 'string:http://example.com:80/x']);
    expect(kinds(highlightYamlLine('  - 10.0.0.1'))).toEqual(['punct:-', 'string:10.0.0.1']);
  });

  it('comments: whole lines and after a value, not a # inside a word or quotes', () => {
    expect(kinds(highlightYamlLine('# the status is read-only'))).toEqual(['comment:# the status is read-only']);
    expect(kinds(highlightYamlLine('  port: 80 # web'))).toEqual(['key:port', 'punct::', 'number:80', 'comment:# web']);
    expect(kinds(highlightYamlLine('  note: a#b'))).toEqual(['key:note', 'punct::', 'string:a#b']);
    expect(kinds(highlightYamlLine('  note: "x # y"'))).toEqual(['key:note', 'punct::', 'string:"x # y"']);
  });

  it('the parts always join to the line', () => {
    const lines = ['', '   ', 'a', '- - x: 1', '  key:   value   # c  ', 'x: |', '  text: [a, b]', "  'q''s': 1", '---', '\tweird: \t1', 'k:v', ' - "unterminated'];
    for (const line of lines) expect(highlightYamlLine(line).map((t) => t.text).join('')).toBe(line);
  });
});
