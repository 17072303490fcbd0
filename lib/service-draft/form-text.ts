/**
 * Plain-words help for the form's fields that the Service type rules do not describe (metadata,
 * the parts of a port, the clusterIP choices, loadBalancerIP), from the Service reference in the
 * seeds. Spec fields of the type rules take their help from lib/service FIELD_TEXT. Words only.
 */

export const FORM_TEXT = {
  name: 'The Service name: also its DNS name inside the cluster (<name>.<namespace>.svc). Lower-case letters, digits and "-", starting with a letter, at most 63 characters. Cannot be changed later.',
  generateName: 'A prefix: the server appends a random suffix to make a unique name (e.g. web- → web-x7k2p).',
  namespace: 'Where the Service lives; it can only select pods in the same namespace. Only namespaces you may create Services in are offered. Cannot be changed later.',
  labels: 'Key/value pairs that organise and select the Service itself (not the pods it sends traffic to). Keys are an optional DNS prefix plus a name (app.kubernetes.io/name); values are at most 63 characters.',
  annotations: 'Free-form key/value metadata read by tools and cloud controllers (e.g. load-balancer settings). Keys follow the label key rules; values may be any text.',
  portName: 'A DNS-1123 label (lower-case letters, digits, "-"). Optional with one port; with two or more ports every port needs a unique name, so that endpoints and SRV records can tell them apart.',
  multiPortRule: 'With more than one port, every port must have a name, and names must be unique.',
  protocol: 'TCP (most services), UDP (e.g. DNS) or SCTP.',
  port: 'The port the Service listens on (1-65535): clients connect to <service>:<port>.',
  targetPort: 'Where the traffic goes on the pods: a number, or the name of a containerPort the pods declare. Empty means the same as port.',
  nodePort: 'The port opened on every node. Leave it empty and the cluster allocates one from its node-port range (30000-32767 by default).',
  appProtocol: 'The application protocol (e.g. http, https, kubernetes.io/h2c), a hint for proxies and gateways. Optional.',
  noSelector: 'No selector: Kubernetes creates no endpoints for this Service. You manage them yourself with EndpointSlices (e.g. to point at a database outside the cluster).',
  clusterIPAllocated: 'The cluster picks a free address from its service range.',
  clusterIPFixed: 'You ask for a specific address in the service range; creation fails if it is taken or out of range.',
  clusterIPHeadless: 'No virtual IP ("None"): the DNS name returns the pod addresses directly (headless).',
  clusterIPImmutable: 'Set when the Service was created; the API server refuses any change to it (spec.clusterIP is immutable). To get another address, or to make it headless, delete the Service and create it again.',
  loadBalancerIP:
    'Deprecated: this field was under-specified and its meaning varies across implementations; it is not portable and may not support dual-stack. Use the load-balancer implementation\u2019s annotations when available.',
  presets: 'Annotation presets for cloud load balancers. A preset only writes annotations; edit or remove them below afterwards.',
} as const;
