import { describe, expect, it } from 'vitest';
import { checkServiceDraft } from './draft';
import { EXTERNAL_NAME_SELECTOR_IGNORED, ignoredFieldNotes } from './ignored-fields';
import { fieldRule } from './type-rules';

describe('ignoredFieldNotes (issue 18 item 5)', () => {
  const externalName = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: 'x' }, spec: { type: 'ExternalName' as const, externalName: 'db.example.com', selector: { app: 'web' } } };
  it('an ExternalName with a selector: the selector is ignored, in the check every form uses', () => {
    expect(ignoredFieldNotes(externalName)).toEqual([EXTERNAL_NAME_SELECTOR_IGNORED]);
    expect(checkServiceDraft(externalName).warnings).toContain(EXTERNAL_NAME_SELECTOR_IGNORED);
    expect(fieldRule('ExternalName', 'selector').status).toBe('ignored');
  });
  it('no note without a selector, nor for other types', () => {
    expect(ignoredFieldNotes({ ...externalName, spec: { type: 'ExternalName', externalName: 'db.example.com' } })).toEqual([]);
    expect(ignoredFieldNotes({ ...externalName, spec: { type: 'ClusterIP', selector: { app: 'web' } } })).toEqual([]);
    expect(fieldRule('ClusterIP', 'selector').status).toBe('optional');
  });
});
