/** Labels Kubernetes itself sets and reads, with the meaning it gives them. */

/** On an EndpointSlice: the Service it belongs to (discovery.k8s.io/v1). */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
