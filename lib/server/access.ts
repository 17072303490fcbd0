import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { NamespaceList, ResourceAttributes, SelfSubjectAccessReview } from '../k8s/types';
import { accessReviews, namespaces } from './operations';
import { readJson } from './upstream';

/**
 * Does the API server allow this identity `attributes` (a SelfSubjectAccessReview)? Undefined when
 * the answer is unknown (API server unreachable, review refused).
 */
export async function reviewAllows(kc: KubeConfig, attributes: ResourceAttributes): Promise<boolean | undefined> {
  const review: SelfSubjectAccessReview = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec: { resourceAttributes: attributes } };
  try {
    const res = await accessReviews.selfSubjectAccess(kc, Buffer.from(JSON.stringify(review)));
    const body = (await readJson(res.body)) as SelfSubjectAccessReview;
    if (res.status !== 201 && res.status !== 200) return undefined;
    return body.status?.allowed === true;
  } catch {
    return undefined;
  }
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
