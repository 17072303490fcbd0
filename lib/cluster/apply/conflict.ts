/**
 * Apply conflicts as the API server reports them: a 409 Status whose message names each manager
 * (`"kubectl-client-side-apply" using v1` for updaters, `"kubectl"` for appliers, `with subresource
 * "status"` when one was used) and each conflicting path, one cause per field with reason
 * `FieldManagerConflict`.
 */
import type { Status, StatusCause } from '../../k8s/types/meta';
import { ApiError } from '../errors/api-error';
import { compareStrings, pathToString, type Path } from './path';
import { parseIdentifier } from './managers';

export interface Conflict {
  /** Manager identifier (JSON, see managerIdentifier). */
  manager: string;
  path: Path;
}

/** printManager: `"name"`, `"name" with subresource "status"`, plus ` using v1` for Update managers. */
export function printManager(id: string): string {
  let info;
  try {
    info = parseIdentifier(id);
  } catch {
    return JSON.stringify(id);
  }
  let s = JSON.stringify(info.manager);
  if (info.subresource) s = `${s} with subresource ${JSON.stringify(info.subresource)}`;
  if (info.operation === 'Update') return `${s} using ${info.apiVersion ?? ''}`;
  return s;
}

export function conflictMessage(conflicts: readonly Conflict[]): string {
  if (conflicts.length === 1) {
    return `Apply failed with 1 conflict: conflict with ${printManager(conflicts[0].manager)}: ${pathToString(conflicts[0].path)}`;
  }
  const byManager = new Map<string, Path[]>();
  for (const c of conflicts) byManager.set(c.manager, [...(byManager.get(c.manager) ?? []), c.path]);
  const lines: string[] = [];
  for (const m of [...byManager.keys()].sort(compareStrings)) {
    lines.push(`conflicts with ${printManager(m)}:`);
    for (const p of byManager.get(m) ?? []) lines.push(`- ${pathToString(p)}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}

/** The 409 Status of NewApplyConflict (no name or kind in details, only causes). */
export function conflictStatus(conflicts: readonly Conflict[]): Status {
  const causes: StatusCause[] = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(c.manager)}`,
    field: pathToString(c.path),
  }));
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: conflictMessage(conflicts),
    reason: 'Conflict',
    details: { causes },
    code: 409,
  };
}

export function conflictError(conflicts: readonly Conflict[]): ApiError {
  return new ApiError(conflictStatus(conflicts));
}
