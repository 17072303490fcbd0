/**
 * The built-in identities (used when no tokens file is given) and the rules every user gets from
 * their groups, mirroring the real server's bootstrap roles: system:basic-user (self reviews),
 * system:discovery (discovery and OpenAPI paths) and system:public-info-viewer (health and version).
 */
import type { Identity, Rule } from './types';

/** The fixed tokens of the built-in identities (documented in the README; a tokens file may override them). */
export const DEFAULT_TOKENS = {
  admin: 'porthole-admin-token',
  viewer: 'porthole-viewer-token',
  editor: 'porthole-editor-token',
  developer: 'porthole-developer-token',
} as const;

/** Every group, resource and verb the embedded cluster serves, read-only. */
const READ = ['get', 'list', 'watch'];

export const EDITOR_NAMESPACE = 'demo';

/** Services (read and write) and what a Service's pages read, in one namespace. */
const NAMESPACE_SERVICE_RULES: Rule[] = [
  { apiGroups: [''], resources: ['services', 'services/status'], verbs: ['*'], namespaces: [EDITOR_NAMESPACE] },
  { apiGroups: [''], resources: ['pods', 'endpoints', 'events'], verbs: [...READ], namespaces: [EDITOR_NAMESPACE] },
  { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: [...READ], namespaces: [EDITOR_NAMESPACE] },
];

export function defaultIdentities(): Identity[] {
  return [
    {
      name: 'admin',
      token: DEFAULT_TOKENS.admin,
      // Everything, through the cluster-admin rules of the system:masters group (as the real server).
      groups: ['system:masters'],
      rules: [],
    },
    {
      name: 'viewer',
      token: DEFAULT_TOKENS.viewer,
      groups: ['porthole:viewers'],
      rules: [{ apiGroups: ['', 'discovery.k8s.io'], resources: ['*'], verbs: [...READ] }],
    },
    {
      name: 'editor',
      token: DEFAULT_TOKENS.editor,
      groups: ['porthole:editors'],
      rules: [...NAMESPACE_SERVICE_RULES, { apiGroups: [''], resources: ['namespaces'], verbs: [...READ] }],
    },
    {
      // Namespace-limited: like the editor, but may not list namespaces (nor anything cluster-wide).
      name: 'developer',
      token: DEFAULT_TOKENS.developer,
      groups: ['porthole:developers'],
      rules: [...NAMESPACE_SERVICE_RULES],
    },
  ];
}

export interface GroupRules {
  /** The (cluster) role name the real server gives these rules. */
  role: string;
  group: string;
  rules: Rule[];
}

const HEALTH_AND_VERSION = ['/healthz', '/livez', '/readyz', '/version', '/version/'];

/** Rules granted through group membership, in the order the real bootstrap policy lists them. */
export const GROUP_RULES: readonly GroupRules[] = [
  {
    role: 'cluster-admin',
    group: 'system:masters',
    rules: [
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ],
  },
  {
    role: 'system:basic-user',
    group: 'system:authenticated',
    rules: [
      { apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] },
      { apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
    ],
  },
  {
    role: 'system:discovery',
    group: 'system:authenticated',
    rules: [
      {
        nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'],
        verbs: ['get'],
      },
    ],
  },
  { role: 'system:public-info-viewer', group: 'system:authenticated', rules: [{ nonResourceURLs: HEALTH_AND_VERSION, verbs: ['get'] }] },
  { role: 'system:public-info-viewer', group: 'system:unauthenticated', rules: [{ nonResourceURLs: HEALTH_AND_VERSION, verbs: ['get'] }] },
];
