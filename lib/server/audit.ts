import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { RequestIdentity } from './identity';
import { readJson, upstream } from './upstream';

/**
 * One structured JSON line on stdout per write through Porthole (create, update, patch, delete), after
 * the API server (or Porthole itself) answered: who (the identity Porthole acted as: kubeconfig
 * context and user, and the user name and groups the API server sees, from a cached
 * SelfSubjectReview), what (verb, resource, namespace/name, dry run) and the result code. Never a
 * token, a header or the body.
 */
export interface AuditRecord {
  kind: 'porthole.audit';
  time: string;
  /** The identity Porthole acted as: kubeconfig context name, or `token:<hash>` for a bearer token. */
  identity: string;
  /** The kubeconfig user of that context (a name, never a credential). */
  kubeconfigUser?: string;
  /** The cluster written to (its kubeconfig cluster name: what `?cluster=` names). */
  cluster?: string;
  /** The user name and groups the API server sees (SelfSubjectReview), when it could be asked. */
  user?: string;
  groups?: string[];
  verb: string;
  resource: string;
  namespace?: string;
  name?: string;
  dryRun: boolean;
  code: number;
  /** A port-forward (Try it, a local forward): the Service reached and the pod port. */
  service?: string;
  port?: number;
}

const VERB_BY_METHOD: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

export function auditVerb(method: string): string {
  return VERB_BY_METHOD[method] ?? method.toLowerCase();
}

/** `services` for `/api/namespaces/[namespace]/services/[name]` (the route template's fixed segments). */
export function auditResource(template: string): string {
  const fixed = template.split('/').filter((s, i, all) => s && !s.startsWith('[') && !(s === 'namespaces' && all[i + 1] === '[namespace]'));
  return fixed.slice(fixed[0] === 'api' ? 1 : 0).join('/');
}

interface Subject {
  user?: string;
  groups?: string[];
}

const SUBJECT_TTL_MS = 5 * 60_000;
const MAX_SUBJECTS = 500;
const subjects = new Map<string, { at: number; subject: Promise<Subject> }>();

async function askSubject(kc: KubeConfig): Promise<Subject> {
  const res = await upstream(kc, {
    method: 'POST',
    path: '/apis/authentication.k8s.io/v1/selfsubjectreviews',
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: {} }),
    contentType: 'application/json',
    signal: AbortSignal.timeout(2000),
  });
  if (res.status !== 201 && res.status !== 200) {
    res.body.resume();
    return {};
  }
  const review = (await readJson(res.body)) as { status?: { userInfo?: { username?: string; groups?: string[] } } };
  const info = review.status?.userInfo;
  return { user: info?.username, groups: Array.isArray(info?.groups) ? info.groups.filter((g) => typeof g === 'string') : undefined };
}

/** Who the API server says the identity is, asked once per identity every few minutes; never throws. */
export function subjectOf(identity: RequestIdentity): Promise<Subject> {
  const key = `${identity.cluster.clusterName}|${identity.cluster.server}|${identity.name}`;
  const hit = subjects.get(key);
  if (hit && Date.now() - hit.at < SUBJECT_TTL_MS) return hit.subject;
  if (subjects.size >= MAX_SUBJECTS) subjects.clear();
  const subject = askSubject(identity.kubeConfig).catch((): Subject => ({}));
  subjects.set(key, { at: Date.now(), subject });
  return subject;
}

export interface AuditInput {
  identity?: RequestIdentity;
  method: string;
  template: string;
  params: Record<string, string>;
  url: URL;
  code: number;
}

/** Writes the audit line; waits at most for the (cached) SelfSubjectReview. */
export async function auditWrite(input: AuditInput): Promise<void> {
  const subject = input.identity ? await subjectOf(input.identity) : {};
  const kc = input.identity?.kubeConfig;
  const record: AuditRecord = {
    kind: 'porthole.audit',
    time: new Date().toISOString(),
    identity: input.identity?.name ?? '(unresolved)',
    kubeconfigUser: kc?.getCurrentUser()?.name,
    cluster: input.identity?.cluster.clusterName,
    user: subject.user,
    groups: subject.groups,
    verb: auditVerb(input.method),
    resource: auditResource(input.template),
    namespace: input.params.namespace,
    name: input.params.name,
    dryRun: input.url.searchParams.get('dryRun') === 'All',
    code: input.code,
  };
  process.stdout.write(`${JSON.stringify(record)}\n`);
}

/**
 * One audit line per port-forward Porthole opens for a user (Try it, a local forward): who, the
 * Service, the pod and its port, and whether it connected (200) or failed (502).
 */
export async function auditPortForward(identity: RequestIdentity, at: { namespace: string; service: string; pod?: string; port?: number; code: number }): Promise<void> {
  const subject = await subjectOf(identity);
  const record: AuditRecord = {
    kind: 'porthole.audit',
    time: new Date().toISOString(),
    identity: identity.name,
    kubeconfigUser: identity.kubeConfig.getCurrentUser()?.name,
    cluster: identity.cluster.clusterName,
    user: subject.user,
    groups: subject.groups,
    verb: 'create',
    resource: 'pods/portforward',
    namespace: at.namespace,
    name: at.pod,
    dryRun: false,
    code: at.code,
    service: at.service,
    port: at.port,
  };
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
