import 'server-only';
import { failure, statusError } from '../k8s/status';
import type { Status } from '../k8s/types';
import { statusFromError, statusFromUpstream } from './errors';
import { clusterConfig } from './kubeconfig';
import { tokenKubeConfig } from './identity';
import { readText, upstream } from './upstream';

/**
 * Sign-in check of a bearer token: a SelfSubjectReview (authentication.k8s.io/v1, what
 * `kubectl auth whoami` asks) sent WITH that token. The API server answers who the token belongs to,
 * or 401 when it accepts no such token. Nothing else is trusted about the token.
 */
export type TokenReview = { ok: true; user: string; groups: string[] } | { ok: false; status: Status };

interface SelfSubjectReviewAnswer {
  status?: { userInfo?: { username?: string; groups?: string[] } };
}

export async function reviewToken(token: string, signal?: AbortSignal): Promise<TokenReview> {
  try {
    const kc = tokenKubeConfig(clusterConfig(), token);
    const res = await upstream(kc, {
      method: 'POST',
      path: '/apis/authentication.k8s.io/v1/selfsubjectreviews',
      body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }),
      contentType: 'application/json',
      signal,
    });
    const text = await readText(res.body);
    if (res.status === 401) return { ok: false, status: statusError.unauthorized() };
    if (res.status === 404) {
      return { ok: false, status: failure(501, 'InternalError', 'the API server does not serve SelfSubjectReview (authentication.k8s.io/v1, Kubernetes 1.28 or newer)') };
    }
    if (res.status < 200 || res.status >= 300) return { ok: false, status: statusFromUpstream(res.status, text) };
    const answer = JSON.parse(text) as SelfSubjectReviewAnswer;
    const user = answer.status?.userInfo?.username;
    if (!user) return { ok: false, status: failure(502, 'InternalError', 'the API server answered the SelfSubjectReview without a user name') };
    const groups = (answer.status?.userInfo?.groups ?? []).filter((g): g is string => typeof g === 'string');
    return { ok: true, user, groups };
  } catch (err) {
    return { ok: false, status: statusFromError(err) };
  }
}
