import { methodNotAllowed } from '../../../lib/server/route';
import { currentSession, signIn } from '../../../lib/server/session-routes';

export const dynamic = 'force-dynamic';

/** GET — who this browser is signed in as (never the token). */
export const GET = currentSession;
/** POST token=… (form) or {"token": "…"} (JSON) — sign in (--auth token). */
export const POST = signIn;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
