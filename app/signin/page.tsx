import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { apiPaths } from '../../lib/client/api-paths';
import { authConfig } from '../../lib/server/auth-mode';
import { safeNext, type ProxyRefusal } from '../../lib/server/auth-mode-gate';
import { sessionState } from '../../lib/server/session';
import type { SignInProblem } from '../../lib/server/session-routes';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

/** Texts for the codes the sign-in routes and the gate send here (never text taken from the URL). */
const PROBLEMS: Record<SignInProblem, string> = {
  empty: 'Enter a bearer token: printable characters, no spaces.',
  rejected: 'The cluster did not accept this token. Check that it is complete and has not expired.',
  unreachable: "Porthole's server cannot reach the cluster right now, so it cannot check the token. Try again shortly.",
  'too-large': 'This token is too long to keep in a browser cookie.',
  failed: 'Signing in failed on the server. Try again; if it keeps failing, the server log says why.',
  off: 'Sign-in with a token is off on this Porthole.',
  'too-many': 'Too many refused sign-ins from your address. Wait a minute, then try again.',
};

const NOTICES: Record<string, string> = {
  expired: 'Your session expired. Sign in again.',
  invalid: 'Your session is not valid on this server any more. Sign in again.',
  ended: 'Your session has ended: the cluster no longer accepts your token, or you signed out in another tab. Sign in again.',
  'signed-out': 'You are signed out.',
};

/** Proxy mode: why this request reached Porthole without a user (lib/server/auth-mode-gate.ts). */
const PROXY_NOTICES: Record<ProxyRefusal, string> = {
  'no-user': 'The request reached Porthole without a user: the authenticating proxy in front of it named nobody.',
  'untrusted-proxy': 'This request did not come through the trusted proxy, so the user it names is ignored.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export default async function SignInPage({ searchParams }: Props) {
  const raw = await searchParams;
  const next = safeNext(one(raw.next));
  const config = authConfig();
  if (config.mode === 'kubeconfig') redirect(next ?? '/');
  if (config.mode === 'token' && sessionState(await headers(), config).kind === 'active') redirect(next ?? '/');
  const errorCode = one(raw.error);
  const problem = errorCode && errorCode in PROBLEMS ? PROBLEMS[errorCode as SignInProblem] : undefined;
  const reason = one(raw.reason);
  const notice = !problem && reason ? NOTICES[reason] : undefined;

  if (config.mode === 'proxy') {
    const why = reason && reason in PROXY_NOTICES ? PROXY_NOTICES[reason as ProxyRefusal] : undefined;
    return (
      <section className="signin" aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in through your organisation</h1>
        {why ? (
          <p className="banner bad" role="alert">
            {why}
          </p>
        ) : null}
        <p>This Porthole acts for the user its authenticating proxy names. Open it through that proxy&apos;s address.</p>
      </section>
    );
  }
  return (
    <section className="signin" aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in to Porthole</h1>
      <p className="page-sub">
        Porthole acts as you on the cluster: what you may see and change is what the cluster&apos;s RBAC allows your token.
      </p>
      {problem ? (
        <p className="banner bad" role="alert" id="signin-error">
          {problem}
        </p>
      ) : notice ? (
        <p className="banner" role="status">
          {notice}
        </p>
      ) : null}
      <form className="signin-form" method="post" action={apiPaths.session()}>
        <label htmlFor="signin-token">Bearer token</label>
        <input
          id="signin-token"
          className="input"
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'signin-error signin-token-help' : 'signin-token-help'}
        />
        <p id="signin-token-help" className="page-sub">
          A ServiceAccount token (<code>kubectl create token NAME</code>) or an OIDC ID token. It is checked with the cluster, then kept sealed in an
          HttpOnly cookie your browser cannot read.
        </p>
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <button type="submit" className="button primary">
          Sign in
        </button>
      </form>
    </section>
  );
}
