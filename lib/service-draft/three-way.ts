/**
 * Three-way merge for a write that hit 409 Conflict: `base` is the object the edit started from,
 * `live` the object on the server now, `mine` the user's edited draft. The user's edits (mine vs
 * base) are re-applied on top of live; what only the server changed is taken from live. Objects
 * merge key by key; arrays and scalars are atomic (a list both sides changed differently takes
 * mine, and is reported as a conflict). The result carries live's resourceVersion and status.
 * Pure (used by the forms and the YAML editor).
 */
import type { Service } from '../k8s/types';
import { cloneService } from '../service';

export interface ThreeWayResult {
  merged: Service;
  /** Paths the server changed since base (`spec.ports`, `metadata.labels.team`). */
  serverChanged: string[];
  /** Paths both sides changed to different values (mine was kept). */
  conflicts: string[];
}

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Paths at which two values differ (objects recurse, anything else is one leaf). */
export function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (same(a, b)) return [];
  if (isPlain(a) && isPlain(b)) {
    const out: string[] = [];
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out.push(...changedPaths(a[k], b[k], path ? `${path}.${k}` : k));
    return out;
  }
  return [path];
}

function merge(base: unknown, live: unknown, mine: unknown, path: string, conflicts: string[]): unknown {
  if (same(mine, base)) return live;
  if (same(live, base) || same(live, mine)) return mine;
  if (isPlain(base) && isPlain(live) && isPlain(mine)) {
    const out: Plain = {};
    for (const k of new Set([...Object.keys(base), ...Object.keys(live), ...Object.keys(mine)])) {
      const v = merge(base[k], live[k], mine[k], path ? `${path}.${k}` : k, conflicts);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  conflicts.push(path);
  return mine;
}

/** Skips fields the server owns (resourceVersion, managedFields, status) when listing changes. */
const SERVER_OWNED = /^(metadata\.(resourceVersion|managedFields|generation)|status)(\.|$)/;

/** The fields a user could edit that differ between two versions of the object. */
export function editableChanges(before: Service, after: Service): string[] {
  return changedPaths(before, after).filter((p) => !SERVER_OWNED.test(p));
}

export function threeWayMerge(base: Service, live: Service, mine: Service): ThreeWayResult {
  const conflicts: string[] = [];
  const merged = cloneService(merge(base, live, mine, '', conflicts) as Service);
  merged.metadata = { ...merged.metadata, resourceVersion: live.metadata.resourceVersion };
  if (live.metadata.managedFields) merged.metadata.managedFields = live.metadata.managedFields;
  if (live.status === undefined) delete merged.status;
  else merged.status = cloneService({ metadata: {}, status: live.status }).status;
  return {
    merged,
    serverChanged: editableChanges(base, live),
    conflicts: conflicts.filter((p) => !SERVER_OWNED.test(p)),
  };
}
