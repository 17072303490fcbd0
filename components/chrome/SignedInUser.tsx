'use client';
import { useEffect } from 'react';
import { apiPaths } from '../../lib/client/api-paths';
import { UNAUTHORIZED_EVENT } from '../../lib/client/fetch-json';
import { pageRoutes } from '../../lib/contract/page-routes';

interface SessionAnswer {
  expiresAt?: number;
}

/**
 * Token mode: sends the tab to the sign-in page when the session has ended — when Porthole answered
 * a 401 somewhere, or when the idle expiry has passed — after asking the server (GET /api/session,
 * which does not itself count as activity). Renders nothing.
 */
function useSessionGuard(initialExpiresAt: number | undefined): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (at: number | undefined) => {
      if (timer) clearTimeout(timer);
      if (at === undefined || stopped) return;
      timer = setTimeout(() => void check(), Math.min(Math.max(at - Date.now() + 1000, 1000), 2 ** 31 - 1));
    };
    const check = async () => {
      let res: Response;
      try {
        res = await fetch(apiPaths.session(), { headers: { Accept: 'application/json' }, cache: 'no-store' });
      } catch {
        return schedule(Date.now() + 30_000); // Porthole unreachable: ask again later
      }
      if (res.status === 401) {
        const message = ((await res.json().catch(() => ({}))) as { message?: string }).message ?? '';
        stopped = true;
        // Expired by time, or ended otherwise (the cluster refused the token, a sign-out in another tab).
        const reason = /expired|maximum length/.test(message) ? 'expired' : 'ended';
        window.location.assign(pageRoutes.signIn(reason, window.location.pathname + window.location.search));
        return;
      }
      if (res.ok) schedule(((await res.json()) as SessionAnswer).expiresAt);
    };
    const onUnauthorized = () => void check();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    schedule(initialExpiresAt);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    };
  }, [initialExpiresAt]);
}

/** Who is signed in, and (token mode) a Sign out button: a plain form POST, so it works without JavaScript too. */
export function SignedInUser({ user, groups, canSignOut, expiresAt }: { user: string; groups: string[]; canSignOut: boolean; expiresAt?: number }) {
  useSessionGuard(canSignOut ? expiresAt : undefined);
  return (
    <div className="signed-in">
      <span className="cluster-pill" data-testid="signed-in-user" title={groups.length ? `groups: ${groups.join(', ')}` : undefined}>
        <span>Signed in as</span> <strong>{user}</strong>
      </span>
      {canSignOut ? (
        <form method="post" action={apiPaths.signOut()}>
          <button type="submit" className="button">
            Sign out
          </button>
        </form>
      ) : null}
    </div>
  );
}
