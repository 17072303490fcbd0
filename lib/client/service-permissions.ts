'use client';
/**
 * May the current identity create, update, patch or delete Services here? One SelfSubjectAccessReview
 * per action and namespace (the cluster's RBAC answers), with the sentence a disabled control shows.
 */
import { READ_ONLY_REASON } from '../read-only';
import { useCanI } from './access';
import { useCurrentIdentity } from './identity';

export type ServiceVerb = 'create' | 'update' | 'patch' | 'delete';

export interface ServicePermission {
  /** False while the review is pending and when the cluster refuses. */
  allowed: boolean;
  pending: boolean;
  /** Why the control is disabled, in one sentence. */
  reason?: string;
}

export function permissionReason(identity: string | undefined, verb: ServiceVerb, namespace: string | undefined): string {
  const who = identity ? `Your identity ${identity}` : 'Your identity';
  return `${who} may not ${verb} Services${namespace ? ` in namespace ${namespace}` : ''}.`;
}

/** `enabled: false` asks nothing (e.g. a menu that is closed). */
export function useServicePermission(verb: ServiceVerb, namespace: string | undefined, name?: string, enabled = true): ServicePermission {
  const review = useCanI({ verb, resource: 'services', namespace, ...(name ? { name } : {}) }, enabled);
  const identity = useCurrentIdentity();
  if (!enabled || review.isPending) return { allowed: false, pending: true, reason: 'Checking what your identity may do…' };
  // A review that cannot be asked (network) leaves the decision to the server: it refuses with 403 anyway.
  if (review.isError) return { allowed: true, pending: false };
  if (review.data.allowed) return { allowed: true, pending: false };
  if (review.data.reason === READ_ONLY_REASON || identity.data?.readOnly) return { allowed: false, pending: false, reason: READ_ONLY_REASON };
  return { allowed: false, pending: false, reason: permissionReason(identity.data?.identity, verb, namespace) };
}
