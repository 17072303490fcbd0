/** The local check's messages for one field (or every field under a prefix), in the API server's words. */
import { formatFieldError, type FieldError } from '../../lib/k8s/field-errors';

export function FieldErrors({ errors, prefix }: { errors: readonly FieldError[]; prefix: string }) {
  const mine = errors.filter((e) => e.field === prefix || e.field.startsWith(`${prefix}.`) || e.field.startsWith(`${prefix}[`));
  if (mine.length === 0) return null;
  return (
    <ul className="gd-errors" role="alert">
      {mine.map((e, i) => (
        <li key={i}>{formatFieldError(e)}</li>
      ))}
    </ul>
  );
}
