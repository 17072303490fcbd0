/** discovery.k8s.io/v1 EndpointSlice. */
import { atomicList, bool, field, int32, list, named, str, stringMap } from './builders';
import { kindSchema } from './meta';
import { objectReferenceSchema } from './object-reference';

const DISCOVERY = 'io.k8s.api.discovery.v1';

export const endpointConditionsSchema = named(`${DISCOVERY}.EndpointConditions`, 'The state of one endpoint.', {
  ready: bool(
    'Whether the endpoint should receive new traffic. For pods: the pod is ready and not terminating (unless the Service publishes not-ready addresses).',
  ),
  serving: bool('Whether the endpoint can answer, regardless of terminating. For pods: the pod is ready.'),
  terminating: bool('Whether the endpoint is shutting down. For pods: the pod has a deletionTimestamp.'),
});

export const forZoneSchema = named(`${DISCOVERY}.ForZone`, 'A zone that should use an endpoint.', { name: str('The zone name.') }, {
  required: ['name'],
});

export const forNodeSchema = named(`${DISCOVERY}.ForNode`, 'A node that should use an endpoint.', { name: str('The node name.') }, {
  required: ['name'],
});

export const endpointHintsSchema = named(`${DISCOVERY}.EndpointHints`, 'Routing hints for topology-aware proxying.', {
  forZones: atomicList(forZoneSchema, 'The zones whose clients should use this endpoint.'),
  forNodes: atomicList(forNodeSchema, 'The nodes whose clients should use this endpoint.'),
});

export const endpointSchema = named(
  `${DISCOVERY}.Endpoint`,
  'One backend of a Service.',
  {
    addresses: list({ type: 'string' }, 'The addresses of the backend, all of the slice’s addressType; consumers use the first. 1 to 100 entries.', {
      listType: 'set',
    }),
    conditions: field(endpointConditionsSchema, 'The state of the backend.'),
    hostname: str('The hostname of the backend, for DNS of headless Services.'),
    targetRef: field(objectReferenceSchema, 'The object (normally a pod) behind the endpoint.'),
    deprecatedTopology: stringMap('Deprecated topology labels; use nodeName and zone.'),
    nodeName: str('The node hosting the endpoint.'),
    zone: str('The zone of the endpoint.'),
    hints: field(endpointHintsSchema, 'Hints for consumers doing topology-aware routing.'),
  },
  { required: ['addresses'] },
);

export const endpointPortSchema = named(
  `${DISCOVERY}.EndpointPort`,
  'One port served by every endpoint of a slice.',
  {
    name: str('The name of the Service port it comes from; empty or a DNS label.'),
    protocol: str('`TCP` (default), `UDP` or `SCTP`.', ['SCTP', 'TCP', 'UDP']),
    port: int32('The port number on the endpoints; unset means all ports.'),
    appProtocol: str('The application protocol, copied from the Service port.'),
  },
  { mapType: 'atomic' },
);

export const endpointSliceSchema = kindSchema(
  `${DISCOVERY}.EndpointSlice`,
  'A part of the backends of a Service. The EndpointSlice controller keeps slices (up to 100 endpoints each) for every Service with a selector, labelled `kubernetes.io/service-name`.',
  { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice' },
  {
    addressType: str('The kind of address every endpoint of the slice carries: `IPv4`, `IPv6` or `FQDN`. Cannot change.', [
      'FQDN',
      'IPv4',
      'IPv6',
    ]),
    endpoints: atomicList(endpointSchema, 'The backends in this slice, at most 1000.'),
    ports: atomicList(endpointPortSchema, 'The ports every endpoint of the slice serves, at most 100.'),
  },
  ['addressType', 'endpoints'],
);
