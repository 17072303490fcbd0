import { notFoundStatus, statusResponse } from '../../../lib/server/errors';

export const dynamic = 'force-dynamic';

/**
 * Everything under /api that is not one of the allowlisted operations (Secrets, services/proxy,
 * traversal attempts, other verbs) ends here: a 404 Status, and nothing is sent to the API server.
 */
const refuse = async (): Promise<Response> => statusResponse(notFoundStatus());

export const GET = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
export const HEAD = refuse;
export const OPTIONS = refuse;
