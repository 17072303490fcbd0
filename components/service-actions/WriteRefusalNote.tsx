'use client';
/**
 * Once, at the top of an editor the identity cannot save from: which refuses — Porthole's read-only
 * mode (nothing can be sent) or the identity's permissions in the cluster — in one sentence. The
 * save control points at its text (`id`, for aria-describedby) instead of repeating it.
 */
import type { ServicePermission } from '../../lib/client/service-permissions';

export function WriteRefusalNote({ permission, id, testId }: { permission: ServicePermission; id: string; testId?: string }) {
  if (permission.allowed || permission.pending || !permission.reason) return null;
  return (
    <div className="banner warn sf-banner" role="note" aria-label="Why nothing can be saved" data-testid={testId}>
      {permission.cause === 'read-only' ? (
        <span id={id}>
          <strong>Read-only mode.</strong> {permission.reason} You can look at everything here; nothing can be sent.
        </span>
      ) : (
        <span id={id}>
          <strong>Not allowed.</strong> {permission.reason} These are your permissions in the cluster, not a Porthole setting: ask for them, or switch identity
          (“Acting as”).
        </span>
      )}
    </div>
  );
}
