/** Identities, rules and request attributes of the embedded cluster's authentication and authorization. */

/** An RBAC PolicyRule (rbac.authorization.k8s.io/v1), as written in a Role or ClusterRole. */
export interface PolicyRule {
  verbs: string[];
  /** `""` is the core group, `*` every group. */
  apiGroups?: string[];
  /** Resources, `resource/subresource`, `*` (everything) or `*` followed by `/subresource` (any resource). */
  resources?: string[];
  /** Limits the rule to these object names; empty means every name. */
  resourceNames?: string[];
  /** Non-resource paths (`/healthz`, `/api/*`); only for rules without resources. */
  nonResourceURLs?: string[];
}

/** A rule of an identity: a PolicyRule plus where it applies. */
export interface Rule extends PolicyRule {
  /**
   * The namespaces the rule applies in (like a RoleBinding in each); absent means cluster-wide
   * (like a ClusterRoleBinding), including cluster-scoped resources and all-namespace lists.
   */
  namespaces?: string[];
}

export interface Identity {
  /** The user name (`admin`, `viewer`, `editor`). */
  name: string;
  /** The bearer token that authenticates as this identity. */
  token: string;
  uid?: string;
  /** Groups besides `system:authenticated` (which every authenticated user gets). */
  groups: string[];
  rules: Rule[];
}

/** The authenticated (or anonymous) user of a request. */
export interface User {
  username: string;
  uid?: string;
  groups: string[];
}

export type ResourceVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

/**
 * What a request wants to do (authorizer.Attributes). A resource request has `resource` (defined); a request
 * for any other path (`/healthz`, `/version`, `/api`, `/openapi/v3`) has `path` and a lower-case
 * HTTP verb (`get`, `post`, ...).
 */
export interface RequestAttributes {
  verb: ResourceVerb | string;
  apiGroup?: string;
  apiVersion?: string;
  resource?: string;
  subresource?: string;
  /** Empty or absent: cluster scope (cluster-scoped resources, lists across namespaces). */
  namespace?: string;
  name?: string;
  /** For non-resource requests. */
  path?: string;
}

export interface Decision {
  allowed: boolean;
  /** Why it was allowed (empty when denied, as RBAC reports it). */
  reason: string;
}

/** A resource request has `resource` set (even to ''); a non-resource request leaves it undefined. */
export function isResourceRequest(attrs: RequestAttributes): boolean {
  return attrs.resource !== undefined;
}
