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
 * The user of a request from its Authorization header. Without usable bearer credentials (none,
 * another scheme, an empty token) the request is anonymous when anonymous access is on; a token
 * that matches no identity, or no anonymous access, gives undefined: answer 401.
 */
export function authenticate(
  authorization: string | undefined,
  identities: readonly Identity[],
  options: { anonymous: boolean },
): User | undefined {
  const notMine = (): User | undefined => (options.anonymous ? anonymousUser() : undefined);
  const auth = (authorization ?? '').trim();
  if (auth === '') return notMine();
  // bearertoken.AuthenticateRequest: strings.SplitN(auth, " ", 3), the token is the second part
  // (so `Bearer  x`, with two spaces, carries an empty token). Not a bearer header, or an empty
  // token: this authenticator does not apply (anonymous if enabled, else 401).
  const parts = auth.split(' ');
  if (parts.length < 2 || parts[0].toLowerCase() !== 'bearer') return notMine();
  const token = parts[1];
  if (!token) return notMine();
  // Compare fixed-length digests in constant time, so the comparison leaks nothing about the tokens.
  const presented = digest(token);
  const identity = identities.find((i) => timingSafeEqual(identityDigest(i), presented));
  return identity ? userOf(identity) : undefined;
}
