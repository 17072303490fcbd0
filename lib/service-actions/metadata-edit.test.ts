import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { svc } from '../service-insight/test-fixtures';
import { changedKeys, checkMetaRows, mapFromRows, metadataMergePatch, newRow, rowsFromMap } from './metadata-edit';

const base = (): Service => {
  const s = svc('web', { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }], selector: { app: 'web' } });
  s.metadata.labels = { app: 'web', tier: 'front' };
  s.metadata.annotations = { note: 'hello' };
  return s;
};

describe('metadata rows', () => {
  it('round-trips a map through sorted rows, dropping blank rows', () => {
    const rows = rowsFromMap({ b: '2', a: '1' });
    expect(rows.map((r) => r.key)).toEqual(['a', 'b']);
    expect(mapFromRows([...rows, newRow()])).toEqual({ a: '1', b: '2' });
  });
});

describe('checkMetaRows', () => {
  it('accepts valid labels and annotations', () => {
    const s = base();
    expect(checkMetaRows('labels', rowsFromMap({ app: 'web', 'example.com/team': 'a-b_c.1', empty: '' }), s).valid).toBe(true);
    expect(checkMetaRows('annotations', rowsFromMap({ 'example.com/any': 'free text, spaces & all' }), s).valid).toBe(true);
  });

  it('gives an invalid label key the API server text at the key', () => {
    const row = newRow('bad key', 'x');
    const check = checkMetaRows('labels', [row], base());
    expect(check.valid).toBe(false);
    expect(check.rows.get(row.id)?.key).toEqual([
      'metadata.labels: Invalid value: "bad key": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
    ]);
    expect(check.rows.get(row.id)?.value).toEqual([]);
  });

  it('gives an invalid label value the API server text at the value', () => {
    const row = newRow('ok', 'has space');
    const check = checkMetaRows('labels', [row], base());
    expect(check.rows.get(row.id)?.key).toEqual([]);
    expect(check.rows.get(row.id)?.value[0]).toMatch(/^metadata\.labels: Invalid value: "has space": a valid label must be an empty string or consist of/);
  });

  it('flags a key set twice', () => {
    const rows = [newRow('a', '1'), newRow('a', '2')];
    const check = checkMetaRows('labels', rows, base());
    expect(check.valid).toBe(false);
    expect(check.rows.get(rows[1].id)?.key[0]).toMatch(/Duplicate value: "a"/);
  });

  it('reports whole-map annotation rules: total size over 256 KiB', () => {
    const rows = [newRow('a', 'x'.repeat(200 * 1024)), newRow('b', 'y'.repeat(100 * 1024))];
    const check = checkMetaRows('annotations', rows, base());
    expect(check.valid).toBe(false);
    expect(check.map).toEqual(['metadata.annotations: Too long: may not be more than 262144 bytes']);
  });

  it('reports annotation keys with the qualified-name rules (prefix must be a DNS subdomain)', () => {
    const row = newRow('Bad_Prefix/x', 'v');
    const check = checkMetaRows('annotations', [row], base());
    expect(check.rows.get(row.id)?.key[0]).toMatch(/^metadata\.annotations: Invalid value: "Bad_Prefix\/x": prefix part a lowercase RFC 1123 subdomain/);
  });
});

describe('metadataMergePatch', () => {
  it('sends changed and added keys, removals as null, and the resourceVersion', () => {
    expect(metadataMergePatch('labels', { app: 'web', tier: 'front' }, { app: 'web2', env: 'prod' }, '42')).toEqual({
      metadata: { resourceVersion: '42', labels: { app: 'web2', env: 'prod', tier: null } },
    });
  });

  it('is undefined when nothing changed', () => {
    expect(metadataMergePatch('annotations', { a: '1' }, { a: '1' }, '1')).toBeUndefined();
    expect(metadataMergePatch('annotations', undefined, {}, '1')).toBeUndefined();
  });

  it('changedKeys lists what differs either way', () => {
    expect(changedKeys({ a: '1', b: '2' }, { b: '3', c: '4' })).toEqual(['a', 'b', 'c']);
  });
});
