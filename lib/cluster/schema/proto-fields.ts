/**
 * Protobuf field numbers of the kinds kubectl's typed clients send as
 * `application/vnd.kubernetes.protobuf` (create namespace / service, the self reviews), from the
 * upstream generated.proto files. A number in brackets marks a Go pointer field: present on the
 * wire only when set, so its zero value is kept; other scalars are always on the wire and their zero
 * value means "unset" (JSON omitempty).
 */
export type ProtoField = number | readonly [number, 'ptr'];

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const CORE = 'io.k8s.api.core.v1';
const AUTHZ = 'io.k8s.api.authorization.v1';
const AUTHN = 'io.k8s.api.authentication.v1';

const ptr = (n: number): readonly [number, 'ptr'] => [n, 'ptr'];

export const PROTO_FIELDS: Readonly<Record<string, Readonly<Record<string, ProtoField>>>> = {
  [`${META}.ObjectMeta`]: {
    name: 1,
    generateName: 2,
    namespace: 3,
    selfLink: 4,
    uid: 5,
    resourceVersion: 6,
    generation: 7,
    creationTimestamp: 8,
    deletionTimestamp: ptr(9),
    deletionGracePeriodSeconds: ptr(10),
    labels: 11,
    annotations: 12,
    ownerReferences: 13,
    finalizers: 14,
    managedFields: 17,
  },
  [`${META}.OwnerReference`]: { kind: 1, name: 3, uid: 4, apiVersion: 5, controller: ptr(6), blockOwnerDeletion: ptr(7) },
  [`${META}.ManagedFieldsEntry`]: {
    manager: 1,
    operation: 2,
    apiVersion: 3,
    time: ptr(4),
    fieldsType: 6,
    fieldsV1: ptr(7),
    subresource: 8,
  },
  [`${META}.Condition`]: { type: 1, status: 2, observedGeneration: 3, lastTransitionTime: 4, reason: 5, message: 6 },
  [`${META}.LabelSelector`]: { matchLabels: 1, matchExpressions: 2 },
  [`${META}.LabelSelectorRequirement`]: { key: 1, operator: 2, values: 3 },

  [`${CORE}.Service`]: { metadata: 1, spec: 2, status: 3 },
  [`${CORE}.ServiceSpec`]: {
    ports: 1,
    selector: 2,
    clusterIP: 3,
    type: 4,
    externalIPs: 5,
    sessionAffinity: 7,
    loadBalancerIP: 8,
    loadBalancerSourceRanges: 9,
    externalName: 10,
    externalTrafficPolicy: 11,
    healthCheckNodePort: 12,
    publishNotReadyAddresses: 13,
    sessionAffinityConfig: ptr(14),
    ipFamilyPolicy: ptr(17),
    clusterIPs: 18,
    ipFamilies: 19,
    allocateLoadBalancerNodePorts: ptr(20),
    loadBalancerClass: ptr(21),
    internalTrafficPolicy: ptr(22),
    trafficDistribution: ptr(23),
  },
  [`${CORE}.ServicePort`]: { name: 1, protocol: 2, port: 3, targetPort: 4, nodePort: 5, appProtocol: ptr(6) },
  [`${CORE}.SessionAffinityConfig`]: { clientIP: ptr(1) },
  [`${CORE}.ClientIPConfig`]: { timeoutSeconds: ptr(1) },
  [`${CORE}.ServiceStatus`]: { loadBalancer: 1, conditions: 2 },
  [`${CORE}.LoadBalancerStatus`]: { ingress: 1 },
  [`${CORE}.LoadBalancerIngress`]: { ip: 1, hostname: 2, ipMode: ptr(3), ports: 4 },
  [`${CORE}.PortStatus`]: { port: 1, protocol: 2, error: ptr(3) },

  [`${CORE}.Namespace`]: { metadata: 1, spec: 2, status: 3 },
  [`${CORE}.NamespaceSpec`]: { finalizers: 1 },
  [`${CORE}.NamespaceStatus`]: { phase: 1, conditions: 2 },
  [`${CORE}.NamespaceCondition`]: { type: 1, status: 2, lastTransitionTime: 4, reason: 5, message: 6 },

  [`${AUTHZ}.SelfSubjectAccessReview`]: { metadata: 1, spec: 2, status: 3 },
  [`${AUTHZ}.SelfSubjectAccessReviewSpec`]: { resourceAttributes: ptr(1), nonResourceAttributes: ptr(2) },
  [`${AUTHZ}.ResourceAttributes`]: { namespace: 1, verb: 2, group: 3, version: 4, resource: 5, subresource: 6, name: 7 },
  [`${AUTHZ}.NonResourceAttributes`]: { path: 1, verb: 2 },
  [`${AUTHZ}.SubjectAccessReviewStatus`]: { allowed: 1, reason: 2, evaluationError: 3, denied: 4 },
  [`${AUTHZ}.SelfSubjectRulesReview`]: { metadata: 1, spec: 2, status: 3 },
  [`${AUTHZ}.SelfSubjectRulesReviewSpec`]: { namespace: 1 },
  [`${AUTHZ}.SubjectRulesReviewStatus`]: { resourceRules: 1, nonResourceRules: 2, incomplete: 3, evaluationError: 4 },
  [`${AUTHZ}.ResourceRule`]: { verbs: 1, apiGroups: 2, resources: 3, resourceNames: 4 },
  [`${AUTHZ}.NonResourceRule`]: { verbs: 1, nonResourceURLs: 2 },

  [`${AUTHN}.SelfSubjectReview`]: { metadata: 1, status: 2 },
  [`${AUTHN}.SelfSubjectReviewStatus`]: { userInfo: 1 },
  [`${AUTHN}.UserInfo`]: { username: 1, uid: 2, groups: 3, extra: 4 },
};
