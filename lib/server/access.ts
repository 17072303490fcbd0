import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { NamespaceList, ResourceAttributes, SelfSubjectAccessReview } from '../k8s/types';
import { READ_ONLY_REASON, WRITE_VERBS, readOnlyMode } from '../read-only';
import { accessReviews, namespaces } from './operations';
import { readJson } from './upstream';

/**
 * Read-only mode answers a review of a write verb itself: not allowed, with the reason (so every
 * control gated on it is disabled and says why). Undefined: the API server answers.
 */
export function readOnlyReviewAnswer(review: unknown): SelfSubjectAccessReview | undefined {
  if (!readOnlyMode()) return undefined;
  const spec = typeof review === 'object' && review !== null ? (review as Partial<SelfSubjectAccessReview>).spec : undefined;
  const verb = spec?.resourceAttributes?.verb ?? spec?.nonResourceAttributes?.verb;
  if (verb === undefined || !WRITE_VERBS.has(verb)) return undefined;
  return { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec: spec ?? {}, status: { allowed: false, denied: true, reason: READ_ONLY_REASON } };
}

/**
 * Does the API server allow this identity `attributes` (a SelfSubjectAccessReview)? Undefined when
 * the answer is unknown (API server unreachable, review refused).
 */
export async function reviewAllows(kc: KubeConfig, attributes: ResourceAttributes): Promise<boolean | undefined> {
  try {
    return (await reviewStatus(kc, attributes))?.allowed;
  } catch {
    return undefined;
  }
}

/** A SelfSubjectAccessReview's answer from the API server (no status counts as not allowed); undefined when it did not answer 200/201. */
export async function reviewStatus(kc: KubeConfig, attributes: ResourceAttributes, signal?: AbortSignal): Promise<NonNullable<SelfSubjectAccessReview['status']> | undefined> {
  const review: SelfSubjectAccessReview = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec: { resourceAttributes: attributes } };
  const res = await accessReviews.selfSubjectAccess(kc, Buffer.from(JSON.stringify(review)), signal);
  const body = (await readJson(res.body)) as SelfSubjectAccessReview;
  if (res.status !== 201 && res.status !== 200) return undefined;
  return { ...body.status, allowed: body.status?.allowed === true };
}

/**
 * May this identity `verb` Services in `namespace` (every namespace when none is given; one Service
 * with `name`)?
 */
export function mayOnServices(kc: KubeConfig, verb: 'get' | 'list', namespace?: string, name?: string): Promise<boolean | undefined> {
  return reviewAllows(kc, { verb, resource: 'services', ...(namespace ? { namespace } : {}), ...(name ? { name } : {}) });
}

/** May this identity list Services in `namespace` (every namespace when none is given)? */
export function mayListServices(kc: KubeConfig, namespace?: string): Promise<boolean | undefined> {
  return mayOnServices(kc, 'list', namespace);
}

/** Namespaces the identity may list (empty when it may not, or the API server cannot say). */
async function visibleNamespaces(kc: KubeConfig): Promise<string[]> {
  try {
    const res = await namespaces.list(kc);
    const body = (await readJson(res.body)) as NamespaceList;
    return res.status === 200 ? body.items.map((n) => n.metadata.name).filter((n): n is string => !!n) : [];
  } catch {
    return [];
  }
}

/** Above this many namespaces, ask no review per namespace. */
const MAX_REVIEWED_NAMESPACES = 100;

/**
 * The namespace a list should open in for an identity that may not list Services everywhere: the
 * first of `candidates` (the context's namespace, then --namespaces) where it may, else with
 * `discover` (token and proxy users, who have no context namespace) the first namespace it can see
 * where it may; undefined when it may list everywhere, or when no namespace is known to be readable.
 */
export async function namespaceToOpen(kc: KubeConfig, candidates: readonly string[], opts: { discover?: boolean } = {}): Promise<string | undefined> {
  const unique = [...new Set(candidates.filter(Boolean))];
  // Without candidates or discovery there is nothing to open: spare the page load an access review.
  if (unique.length === 0 && !opts.discover) return undefined;
  if ((await mayListServices(kc)) !== false) return undefined;
  const answers = await Promise.all(unique.map((ns) => mayListServices(kc, ns)));
  const configured = unique.find((_, i) => answers[i] === true);
  if (configured) return configured;
  if (!opts.discover) return unique[0];
  const seen = (await visibleNamespaces(kc)).filter((ns) => !unique.includes(ns));
  if (seen.length > 0 && seen.length <= MAX_REVIEWED_NAMESPACES) {
    const allowed = await Promise.all(seen.map((ns) => mayListServices(kc, ns)));
    const found = seen.find((_, i) => allowed[i] === true);
    if (found) return found;
  }
  return unique[0];
}
