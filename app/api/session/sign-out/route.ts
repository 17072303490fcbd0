import { methodNotAllowed } from '../../../../lib/server/route';
import { signOut } from '../../../../lib/server/session-routes';

export const dynamic = 'force-dynamic';

/** POST — sign out: the session cookie is cleared. */
export const POST = signOut;
export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
