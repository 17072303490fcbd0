/**
 * Which parts of a new Service the user has touched, so the create form shows a field's errors only
 * once that part was changed (or after a save attempt). Parts: each metadata field on its own
 * (`metadata.name`, `metadata.labels`, …) and the whole spec as one (its rules cross fields: the
 * type decides what ports, addresses and names may hold). Pure.
 */
import type { Service } from '../k8s/types';
import type { MessageMap } from './field-messages';

/** `metadata.labels[app]` → `metadata.labels`; anything else (spec.*, '') → `spec`. */
export function touchPart(key: string): string {
  const m = /^metadata\.([A-Za-z]+)/.exec(key);
  return m ? `metadata.${m[1]}` : 'spec';
}

/** The parts where `draft` differs from `initial`. */
export function changedParts(draft: Service, initial: Service): string[] {
  const parts: string[] = [];
  const meta = draft.metadata as Record<string, unknown>;
  const meta0 = initial.metadata as Record<string, unknown>;
  for (const k of new Set([...Object.keys(meta), ...Object.keys(meta0)])) {
    if (JSON.stringify(meta[k]) !== JSON.stringify(meta0[k])) parts.push(`metadata.${k}`);
  }
  if (JSON.stringify(draft.spec) !== JSON.stringify(initial.spec)) parts.push('spec');
  return parts;
}

/** Only the messages at touched parts. */
export function messagesAtTouched(map: MessageMap, touched: ReadonlySet<string>): MessageMap {
  return new Map([...map].filter(([key]) => touched.has(touchPart(key))));
}
