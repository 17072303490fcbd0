/**
 * Shared pieces of server-side printing (kubernetes `pkg/printers`): column definitions, the
 * `translateTimestampSince` age text (apimachinery `duration.HumanDuration`) and list formatting.
 */
import type { JsonValue } from '../../k8s/json';
import type { KubeObject } from '../../k8s/types/meta';
import type { TableColumnDefinition, TableRow } from '../../k8s/types/table';
import { humanDuration } from '../../k8s/duration';

/** One resource's printer: its columns (all of them; the server always prints wide) and a row per object. */
export interface ResourcePrinter {
  columns: TableColumnDefinition[];
  row(obj: KubeObject, now: Date): Pick<TableRow, 'cells' | 'conditions'>;
}

export function column(
  name: string,
  type: TableColumnDefinition['type'],
  description: string,
  priority = 0,
  format = '',
): TableColumnDefinition {
  return { name, type, format, description, priority };
}

/** metav1.ObjectMeta SwaggerDoc()["name"]. */
export const NAME_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

/** metav1.ObjectMeta SwaggerDoc()["creationTimestamp"]. */
export const CREATION_TIMESTAMP_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

export const nameColumn = (priority = 0): TableColumnDefinition => column('Name', 'string', NAME_DESCRIPTION, priority, 'name');
export const ageColumn = (): TableColumnDefinition => column('Age', 'string', CREATION_TIMESTAMP_DESCRIPTION);

/** Parses an RFC 3339 timestamp; undefined for absent/zero/unparsable (metav1.Time IsZero). */
export function parseTime(ts: unknown): number | undefined {
  if (typeof ts !== 'string' || ts === '') return undefined;
  const t = Date.parse(ts);
  if (Number.isNaN(t)) return undefined;
  // Go's zero time (0001-01-01T00:00:00Z) is "zero" too.
  if (ts.startsWith('0001-01-01T00:00:00')) return undefined;
  return t;
}

/** translateTimestampSince: `<unknown>` for a zero time, else the human duration since it. */
export function translateTimestampSince(ts: unknown, now: Date): string {
  const t = parseTime(ts);
  if (t === undefined) return '<unknown>';
  return humanDuration(now.getTime() - t);
}

/** listWithMoreString: `a,b,c + 2 more...`, or `<unset>` for an empty list. */
export function listWithMoreString(list: readonly string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}

/** A loosely typed read of a nested field of a JSON object (undefined when absent). */
export function get(obj: unknown, ...path: (string | number)[]): JsonValue | undefined {
  let cur: unknown = obj;
  for (const p of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur as JsonValue | undefined;
}

export function str(obj: unknown, ...path: (string | number)[]): string {
  const v = get(obj, ...path);
  return typeof v === 'string' ? v : '';
}

export function num(obj: unknown, ...path: (string | number)[]): number {
  const v = get(obj, ...path);
  return typeof v === 'number' ? v : 0;
}

export function arr(obj: unknown, ...path: (string | number)[]): JsonValue[] {
  const v = get(obj, ...path);
  return Array.isArray(v) ? v : [];
}
