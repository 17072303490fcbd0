/**
 * Fields the API server accepts without a warning but that do nothing for the Service's type —
 * Porthole's own notes, worded like the server's warnings ("spec.X is ignored when ..."), so the
 * forms treat them like the fields the server warns about (lib/service/warnings.ts, which stays
 * exactly the server's). Used by the draft check (forms, guided flow, YAML editor) and the type
 * rules; never sent as a Warning header by the embedded cluster. Pure.
 */
import type { Service } from '../k8s/types';

/** An ExternalName Service is a DNS alias: no controller makes endpoints for it, whatever its selector says. */
export const EXTERNAL_NAME_SELECTOR_IGNORED =
  'spec.selector is ignored when spec.type is "ExternalName": an ExternalName Service is only a DNS alias, no pod receives its traffic';

/** Does a selector pick pods for a Service of this type? (Not for ExternalName.) */
export function selectorSelectsPods(type: string | undefined): boolean {
  return type !== 'ExternalName';
}

export function ignoredFieldNotes(svc: Service): string[] {
  const spec = svc.spec ?? {};
  const notes: string[] = [];
  if (!selectorSelectsPods(spec.type) && Object.keys(spec.selector ?? {}).length > 0) notes.push(EXTERNAL_NAME_SELECTOR_IGNORED);
  return notes;
}
