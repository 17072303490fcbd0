/**
 * Field-level problems → editor markers at the line/column of the field: the Service rules
 * (lib/service checkServiceDraft) and the API server's answer to a dry run (a Status with
 * `details.causes[].field`, and `Warning` headers). Pure.
 */
import type { Document, LineCounter } from 'yaml';
import { formatFieldError, type FieldError } from '../k8s/field-errors';
import type { Service, Status } from '../k8s/types';
import { checkServiceDraft } from '../service/draft';
import { locateField } from './locate';
import { DOCUMENT_START, type MarkerSource, type YamlMarker } from './markers';

export interface Located {
  doc: Document;
  lineCounter: LineCounter;
  text: string;
}

function at(loc: Located, field: string | undefined, source: MarkerSource, severity: YamlMarker['severity'], message: string): YamlMarker {
  const range = field ? locateField(loc.doc, loc.lineCounter, loc.text, field).range : DOCUMENT_START;
  return { ...range, source, severity, message };
}

/** lib/service's verdict on the draft (create without `prev`, update with it), each error at its field. */
export function serviceRuleMarkers(loc: Located, service: Service, prev?: Service, namespace?: string): YamlMarker[] {
  const check = checkServiceDraft(service, prev, namespace);
  const errors = check.errors.map((e: FieldError) => at(loc, e.field, 'rules', 'error', formatFieldError(e)));
  const warnings = check.warnings.map((w) => at(loc, fieldInText(w), 'rules', 'warning', w));
  return [...errors, ...warnings];
}

/** A field path at the start of a message (`spec.foo: ...`) or quoted in it (`unknown field "spec.foo"`). */
export function fieldInText(message: string): string | undefined {
  const quoted = /(?:unknown|duplicate) field "([^"]+)"/.exec(message);
  if (quoted) return quoted[1];
  const lead = /^((?:metadata|spec|status)[\w.[\]/-]*):/.exec(message);
  return lead ? lead[1] : undefined;
}

/** The API server's refusal (422 with causes, 400 strict decoding) and its warnings as markers. */
export function serverMarkers(loc: Located, status: Status | undefined, warnings: readonly string[]): YamlMarker[] {
  const out: YamlMarker[] = [];
  if (status) {
    const causes = status.details?.causes ?? [];
    if (causes.length) {
      for (const c of causes) out.push(at(loc, c.field || fieldInText(c.message ?? ''), 'server', 'error', c.field ? `${c.field}: ${c.message ?? c.reason ?? ''}` : (c.message ?? '')));
    } else {
      // strict decoding errors list several fields in one message
      const fields = [...(status.message ?? '').matchAll(/(?:unknown|duplicate) field "([^"]+)"/g)].map((m) => m[1]);
      if (fields.length) for (const f of fields) out.push(at(loc, f, 'server', 'error', status.message ?? ''));
      else out.push(at(loc, undefined, 'server', 'error', status.message ?? `${status.reason ?? 'refused'}`));
    }
  }
  for (const w of warnings) out.push(at(loc, fieldInText(w), 'server', 'warning', w));
  return out;
}
