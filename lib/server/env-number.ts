/**
 * A positive integer from an environment variable's value, else `fallback` (unset, empty, zero,
 * negative or not a whole number). No 'server-only': next.config.ts and the test configs read it too.
 */
export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}
