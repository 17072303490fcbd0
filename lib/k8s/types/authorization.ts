/** authorization.k8s.io/v1 and authentication.k8s.io/v1 review objects. */
import type { KubeObject } from './meta';

export interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}

export interface NonResourceAttributes {
  path?: string;
  verb?: string;
}

export interface SelfSubjectAccessReview extends KubeObject {
  spec: { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: NonResourceAttributes };
  status?: { allowed: boolean; denied?: boolean; reason?: string; evaluationError?: string };
}

export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}

export interface NonResourceRule {
  verbs: string[];
  nonResourceURLs?: string[];
}

export interface SelfSubjectRulesReview extends KubeObject {
  spec: { namespace?: string };
  status?: {
    resourceRules: ResourceRule[];
    nonResourceRules: NonResourceRule[];
    incomplete: boolean;
    evaluationError?: string;
  };
}

export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface SelfSubjectReview extends KubeObject {
  status?: { userInfo?: UserInfo };
}
