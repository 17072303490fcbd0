/**
 * Messages at form fields: the local check (checkServiceDraft, the API server's exact texts), the
 * form's own input problems (text that is not a number), the server's dry-run causes, and where the
 * two disagree. Keys are dotted locations (`spec.ports[0].nodePort`, lib/service serviceErrorKey).
 * Pure.
 */
import { errorBody, type FieldError } from '../k8s/field-errors';
import type { Service, Status } from '../k8s/types';
import { checkServiceDraft, serviceErrorKey } from '../service';
import type { InputProblem } from './form-model';
import { formRuleErrors, isFormRuleError } from './form-rules';

export { NOT_A_NUMBER } from './form-rules';

export type MessageMap = ReadonlyMap<string, readonly string[]>;

export interface LocalCheck {
  errors: FieldError[];
  /** Error bodies by location key. */
  errorsAt: Map<string, string[]>;
  warnings: string[];
  /** Warnings that name a field, by location key. */
  warningsAt: Map<string, string[]>;
  /** The Service as the server would validate it (defaults applied): do not show its allocations as real. */
  prepared: Service;
}

function push(map: Map<string, string[]>, key: string, msg: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(msg)) list.push(msg);
  map.set(key, list);
}

/** `spec.externalName is ignored ...`, `spec.clusterIPs[0]: non-standard ...` → the location key, if any. */
export function warningKey(warning: string): string | undefined {
  const m = /^((?:spec|metadata)\.[A-Za-z0-9_.[\]/-]+?)(?::|\s)/.exec(warning);
  if (!m) return undefined;
  const key = serviceErrorKey(m[1]);
  // The server spells one of them with a capital letter (spec.SessionAffinity).
  return key.replace(/^spec\.([A-Z])/, (_x, c: string) => `spec.${c.toLowerCase()}`);
}

/** Run the shared rules on a draft (`prev`: the stored object when editing). */
export function checkDraft(draft: Service, problems: readonly InputProblem[] = [], prev?: Service): LocalCheck {
  const check = checkServiceDraft(draft, prev);
  const errors = [...formRuleErrors(draft, problems), ...check.errors];
  const errorsAt = new Map<string, string[]>();
  for (const e of errors) push(errorsAt, serviceErrorKey(e.field), errorBody(e));
  const warningsAt = new Map<string, string[]>();
  for (const w of check.warnings) {
    const k = warningKey(w);
    if (k) push(warningsAt, k, w);
  }
  return { errors, errorsAt, warnings: check.warnings, warningsAt, prepared: check.prepared };
}

export interface DryRunOutcome {
  ok: boolean;
  /** Causes by location key (a 422), or the whole message under '' (any other refusal). */
  errorsAt: Map<string, string[]>;
  warnings: string[];
  status?: Status;
}

/** The dry run's answer, as messages by location. */
export function dryRunMessages(result: { ok: true; warnings: string[] } | { ok: false; status: Status; warnings: string[] }): DryRunOutcome {
  const errorsAt = new Map<string, string[]>();
  if (result.ok) return { ok: true, errorsAt, warnings: result.warnings };
  const causes = result.status.details?.causes ?? [];
  const fielded = causes.filter((c) => c.field);
  if (result.status.code === 422 && fielded.length) {
    for (const c of fielded) push(errorsAt, serviceErrorKey(c.field ?? ''), c.message ?? '');
  } else if (result.status.reason === 'AlreadyExists') {
    push(errorsAt, 'metadata.name', result.status.message ?? 'already exists');
  } else {
    push(errorsAt, '', result.status.message ?? `refused with ${result.status.code ?? '?'}`);
  }
  return { ok: false, errorsAt, warnings: result.warnings, status: result.status };
}

/**
 * Where the server's dry run and the local rules disagree, in words. Form input problems are left
 * out (the server never saw that text). A create's dry run returns placeholder addresses: nothing
 * here uses the returned object.
 */
export function disagreements(local: LocalCheck, server: DryRunOutcome): string[] {
  const localAt = new Map<string, string[]>();
  for (const e of local.errors) if (!isFormRuleError(e)) push(localAt, serviceErrorKey(e.field), errorBody(e));
  const out: string[] = [];
  for (const [key, msgs] of server.errorsAt) {
    if (key === '' || (key === 'metadata.name' && server.status?.reason === 'AlreadyExists')) continue;
    const mine = localAt.get(key) ?? [];
    const extra = msgs.filter((m) => !mine.includes(m));
    if (extra.length === 0) continue;
    out.push(
      mine.length
        ? `At ${key} the server says "${extra.join('; ')}", the local rules say "${mine.join('; ')}".`
        : `The server reports ${key}: ${extra.join('; ')} — the local rules found nothing there.`,
    );
  }
  if (server.ok || server.status?.code === 422) {
    for (const [key, msgs] of localAt) {
      if (!server.errorsAt.has(key)) out.push(`The local rules report ${key}: ${msgs.join('; ')} — the server's dry run did not.`);
    }
  }
  return out;
}

/** Messages at a location and below it (`spec.clusterIP` also collects `spec.clusterIPs[0]` when asked). */
export function messagesAt(map: MessageMap, keys: readonly string[], nested = false): string[] {
  const out: string[] = [];
  for (const [k, msgs] of map) {
    const hit = keys.some((key) => k === key || (nested && (k.startsWith(`${key}.`) || k.startsWith(`${key}[`))));
    if (hit) for (const m of msgs) if (!out.includes(m)) out.push(m);
  }
  return out;
}
