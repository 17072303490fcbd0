/** Bearer-token authentication (the real server's static token authenticator + anonymous). */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Identity, User } from './types';

export const ANONYMOUS_USER = 'system:anonymous';
export const AUTHENTICATED_GROUP = 'system:authenticated';
export const UNAUTHENTICATED_GROUP = 'system:unauthenticated';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

const tokenDigests = new WeakMap<Identity, Buffer>();

function identityDigest(identity: Identity): Buffer {
  let d = tokenDigests.get(identity);
  if (!d) tokenDigests.set(identity, (d = digest(identity.token)));
  return d;
}

export function userOf(identity: Identity): User {
  const groups = identity.groups.includes(AUTHENTICATED_GROUP) ? [...identity.groups] : [...identity.groups, AUTHENTICATED_GROUP];
  const user: User = { username: identity.name, groups };
  if (identity.uid) user.uid = identity.uid;
  return user;
}

export const anonymousUser = (): User => ({ username: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] });

/**
 * The user of a request from its Authorization header. Without credentials the request is anonymous
 * when anonymous access is on; otherwise, and for any credentials that do not match (wrong token,
 * another scheme, an empty token), the result is undefined: answer 401.
 */
export function authenticate(
  authorization: string | undefined,
  identities: readonly Identity[],
  options: { anonymous: boolean },
): User | undefined {
  if (authorization === undefined || authorization.trim() === '') {
    return options.anonymous ? anonymousUser() : undefined;
  }
  const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return undefined;
  const token = match[1].trim();
  if (!token) return undefined;
  // Compare fixed-length digests in constant time, so the comparison leaks nothing about the tokens.
  const presented = digest(token);
  const identity = identities.find((i) => timingSafeEqual(identityDigest(i), presented));
  return identity ? userOf(identity) : undefined;
}
