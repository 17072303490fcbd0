/**
 * Read-only mode (`npm start -- --read-only`, PORTHOLE_READ_ONLY=1): Porthole refuses every write
 * whatever the identity's RBAC allows, and the UI says why. Shared by the server (the 403 and the
 * access-review answer) and the client (the sentence a disabled control shows).
 */
export const READ_ONLY_REASON = 'Porthole runs in read-only mode (--read-only): it makes no changes to the cluster.';

/** The verbs that change something; an access review for one of them is answered "no" in read-only mode. */
export const WRITE_VERBS: ReadonlySet<string> = new Set(['create', 'update', 'patch', 'delete', 'deletecollection', '*']);

export function readOnlyMode(env: Record<string, string | undefined> = process.env): boolean {
  const v = (env.PORTHOLE_READ_ONLY ?? '').trim().toLowerCase();
  return v === '1' || v === 'true' || v === 'yes';
}
