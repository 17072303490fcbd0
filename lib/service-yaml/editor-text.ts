/**
 * What the editor shows of a Service: `managedFields` hidden unless asked for (it is noise for
 * editing, and the server keeps it when an update leaves it out), `status` last (it is read-only:
 * a PUT of a Service ignores it) so the editor can fold it. Pure.
 */
import type { Service } from '../k8s/types';
import { toYaml } from './sync-document';

export interface EditorTextOptions {
  showManagedFields?: boolean;
}

/** The Service as the editor holds it (keys in the usual order: apiVersion, kind, metadata, spec, status). */
export function editorObject(service: Service, opts: EditorTextOptions = {}): Service {
  const { managedFields, ...metadata } = service.metadata ?? {};
  const meta = opts.showManagedFields && managedFields ? { ...metadata, managedFields } : metadata;
  const { apiVersion, kind, metadata: _m, spec, status, ...rest } = service;
  const out: Service = { apiVersion: apiVersion ?? 'v1', kind: kind ?? 'Service', metadata: meta, ...(spec ? { spec } : {}), ...rest } as Service;
  if (status) out.status = status;
  return out;
}

export function serviceToYaml(service: Service, opts: EditorTextOptions = {}): string {
  return toYaml(editorObject(service, opts));
}

/** The 1-based line where the top-level `status:` key starts, for folding; undefined if none. */
export function statusLine(text: string): number | undefined {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => /^status\s*:/.test(l));
  return i < 0 ? undefined : i + 1;
}

/** The object to send: the edited Service without status (read-only here) and, unless shown, without managedFields. */
export function objectToApply(edited: Service): Service {
  const { status: _status, ...rest } = edited;
  return rest as Service;
}
