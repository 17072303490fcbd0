/**
 * Credentials a request brings never reach the API server: Porthole acts as the identity its sign-in
 * mode gives (the kubeconfig context chosen with the identity switch, the signed-in user's session,
 * or the user a trusted proxy names), whatever a browser or an API client sends.
 *  - `Authorization: Bearer …` is the credential Kubernetes takes. An API client sending one expects it
 *    to be used, so in kubeconfig and token modes it is refused with a 400 Status saying how to pick the
 *    identity instead (silently acting as someone else would surprise it). In proxy mode it is ignored:
 *    the authenticating proxy may pass its own (oauth2-proxy's --pass-authorization-header).
 *    Other schemes (Basic, for a proxy in front of Porthole) mean nothing to Kubernetes: ignored.
 *  - `Impersonate-*` and `X-Remote-*` are never read (proxy mode's trusted user/group headers aside,
 *    see auth-mode-proxy.ts) and never forwarded: every upstream request is built from the identity's
 *    own credentials (lib/server/upstream.ts), so they are ignored.
 * No `server-only` here: proxy.ts imports it.
 */
import { failure } from '../k8s/status';
import type { Status } from '../k8s/types';
import type { AuthMode } from './auth-mode';

/** How to choose who Porthole acts as, per sign-in mode (for the refusal's message). */
const HOW_TO_CHOOSE: Record<Exclude<AuthMode, 'proxy'>, string> = {
  kubeconfig: 'it acts as a context of its kubeconfig: pick the identity with the identity switch ("Acting as")',
  token: 'it acts as the user signed in to this session: sign in with your token at /signin',
};

/** The 400 Status for an API request that brings a bearer token, or undefined when the request may go on. */
export function credentialHeaderProblem(headers: Headers, mode: AuthMode): Status | undefined {
  if (mode === 'proxy') return undefined;
  const authorization = headers.get('authorization');
  if (!authorization || !/^\s*bearer(\s|$)/i.test(authorization)) return undefined;
  return failure(400, 'BadRequest', `Porthole does not take credentials from requests (Authorization: Bearer): ${HOW_TO_CHOOSE[mode]}`);
}
