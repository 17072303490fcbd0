/**
 * What the editor sends, and how it reads a server-side apply conflict. Pure.
 * - replace (PUT): the edited object without status, with the resourceVersion the edit was based on
 *   (so a change made meanwhile is a 409, not silently overwritten);
 * - server-side apply (field manager `porthole`): the edited object without the server-owned
 *   metadata (managedFields, resourceVersion, uid, creationTimestamp, generation) and without status.
 */
import type { Service, Status } from '../k8s/types';
import type { PathSegment } from '../service/error-locations';
import { objectToApply } from './editor-text';

export const FIELD_MANAGER = 'porthole';

export function replacePayload(edited: Service, baseResourceVersion: string | undefined): Service {
  const obj = objectToApply(edited);
  return { ...obj, metadata: { ...obj.metadata, resourceVersion: baseResourceVersion ?? obj.metadata.resourceVersion } };
}

export function applyPayload(edited: Service): Service {
  const obj = objectToApply(edited);
  const { managedFields: _mf, resourceVersion: _rv, uid: _uid, creationTimestamp: _ct, generation: _g, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}

/** For a create: nothing the server assigns. */
export function createPayload(edited: Service): Service {
  return applyPayload(edited);
}

export interface ApplyConflict {
  /** The field as the server prints it (`.spec.ports[port=80,protocol="TCP"].targetPort`). */
  field: string;
  manager: string;
  message: string;
}

/** The conflicts of a 409 from server-side apply, each with the manager that owns the field. */
export function applyConflicts(status: Status | undefined): ApplyConflict[] {
  return (status?.details?.causes ?? [])
    .filter((c) => c.reason === 'FieldManagerConflict')
    .map((c) => ({
      field: c.field ?? '',
      manager: /conflict with "([^"]+)"/.exec(c.message ?? '')?.[1] ?? (c.message ?? 'another manager'),
      message: c.message ?? '',
    }));
}

function parseKeyed(inner: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of inner.match(/[^,]+=(?:"(?:[^"\\]|\\.)*"|[^,]*)/g) ?? []) {
    const eq = part.indexOf('=');
    const raw = part.slice(eq + 1);
    out[part.slice(0, eq)] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return out;
}

/**
 * A server-side apply path (`.spec.ports[port=80,protocol="TCP"].targetPort`, `.metadata.labels.app`)
 * → segments into `obj` (list items found by their key fields; `[80]` by value for sets).
 */
export function applyPathSegments(path: string, obj: unknown): PathSegment[] {
  const out: PathSegment[] = [];
  let node: unknown = obj;
  const re = /\.([^.[]+)|\[([^\]]*)\]/g;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m[1] !== undefined) {
      out.push(m[1]);
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[m[1]] : undefined;
      continue;
    }
    const list = Array.isArray(node) ? node : [];
    const inner = m[2];
    let idx: number;
    if (inner.includes('=')) {
      const keys = parseKeyed(inner);
      idx = list.findIndex((item) => typeof item === 'object' && item !== null && Object.entries(keys).every(([k, v]) => String((item as Record<string, unknown>)[k] ?? (k === 'protocol' ? 'TCP' : '')) === v));
    } else {
      const v = inner.startsWith('"') ? (JSON.parse(inner) as string) : inner;
      idx = list.findIndex((item) => String(item) === v);
    }
    if (idx < 0) break;
    out.push(idx);
    node = list[idx];
  }
  return out;
}
