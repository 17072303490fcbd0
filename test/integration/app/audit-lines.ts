/** The audit records (lib/server/audit.ts) a Porthole child printed, parsed. */
export function auditLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{"kind":"porthole.audit"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
