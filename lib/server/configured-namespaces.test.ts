import { describe, expect, it } from 'vitest';
import { configuredNamespaces, parseNamespaceList } from './configured-namespaces';

describe('--namespaces', () => {
  it('keeps namespace names in order, without blanks or repeats', () => {
    expect(parseNamespaceList(' demo, team-a,,demo ')).toEqual(['demo', 'team-a']);
    expect(parseNamespaceList('')).toEqual([]);
  });

  it('refuses a name that is not a namespace name, saying which', () => {
    expect(() => parseNamespaceList('demo,Team_A')).toThrow(/^"Team_A" is not a namespace name: a lowercase RFC 1123 label/);
    expect(() => parseNamespaceList('a.b')).toThrow('"a.b" is not a namespace name: must not contain dots');
  });

  it('reads PORTHOLE_NAMESPACES; a bad value there counts as none', () => {
    expect(configuredNamespaces({ PORTHOLE_NAMESPACES: 'x,y' })).toEqual(['x', 'y']);
    expect(configuredNamespaces({ PORTHOLE_NAMESPACES: 'X' })).toEqual([]);
    expect(configuredNamespaces({})).toEqual([]);
  });
});
