'use client';
/**
 * May the current identity create, update, patch or delete Services here? One SelfSubjectAccessReview
 * per action and namespace (the cluster's RBAC answers), with the sentence a disabled control shows
 * and which refuses: Porthole's read-only mode, or the identity's permissions.
 */
import { READ_ONLY_REASON } from '../read-only';
import { useCanI } from './access';
import { useCurrentIdentity } from './identity';
import { useNamespaceChoices } from './namespace-choices';

export type ServiceVerb = 'create' | 'update' | 'patch' | 'delete';

export interface ServicePermission {
  /** False while the review is pending and when the cluster refuses. */
  allowed: boolean;
  pending: boolean;
  /** Why the control is disabled, in one sentence. */
  reason?: string;
  /** Who refuses: Porthole's --read-only mode (nothing can be sent), or the identity's permissions. */
  cause?: 'read-only' | 'permission';
}

const PENDING: ServicePermission = { allowed: false, pending: true, reason: 'Checking what your identity may do…' };
const READ_ONLY: ServicePermission = { allowed: false, pending: false, reason: READ_ONLY_REASON, cause: 'read-only' };

/** `namespace`: a namespace, or `'*'` for "in any namespace" (an "All namespaces" view). */
export function permissionReason(identity: string | undefined, verb: ServiceVerb, namespace: string | undefined): string {
  const who = identity ? `Your identity ${identity}` : 'Your identity';
  const where = namespace === '*' ? ' in any namespace' : namespace ? ` in namespace ${namespace}` : '';
  return `${who} may not ${verb} Services${where}.`;
}

/** `enabled: false` asks nothing (e.g. a menu that is closed). */
export function useServicePermission(verb: ServiceVerb, namespace: string | undefined, name?: string, enabled = true): ServicePermission {
  const review = useCanI({ verb, resource: 'services', namespace, ...(name ? { name } : {}) }, enabled);
  const identity = useCurrentIdentity();
  if (!enabled || review.isPending) return PENDING;
  // A review that cannot be asked (network) leaves the decision to the server: it refuses with 403 anyway.
  if (review.isError) return { allowed: true, pending: false };
  if (review.data.allowed) return { allowed: true, pending: false };
  if (review.data.reason === READ_ONLY_REASON || identity.data?.readOnly) return READ_ONLY;
  return { allowed: false, pending: false, reason: permissionReason(identity.data?.identity, verb, namespace), cause: 'permission' };
}

/**
 * May the identity create Services in some namespace? For "All namespaces": the create flows then
 * open in one where it may (lib/client/namespace-choices), so one namespace's "no" is not the answer.
 */
export function useServiceCreateAnywhere(enabled = true): ServicePermission {
  const choices = useNamespaceChoices('create', [], enabled);
  const identity = useCurrentIdentity();
  if (!enabled || choices.everywhere === undefined || choices.loading || identity.isPending) return PENDING;
  if (choices.everywhere || choices.names.length > 0) {
    // Names still under review may yet be refused: wait for them when no answer said yes so far.
    return choices.reviewing && !choices.everywhere ? PENDING : { allowed: true, pending: false };
  }
  if (identity.data?.readOnly) return READ_ONLY;
  return { allowed: false, pending: false, reason: permissionReason(identity.data?.identity, 'create', '*'), cause: 'permission' };
}
