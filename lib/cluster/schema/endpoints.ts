/** core/v1 Endpoints (legacy; EndpointSlices supersede it). */
import { atomicList, field, int32, named, str } from './builders';
import { kindSchema } from './meta';
import { objectReferenceSchema } from './object-reference';

const CORE = 'io.k8s.api.core.v1';

export const endpointAddressSchema = named(
  `${CORE}.EndpointAddress`,
  'One backend address of a Service.',
  {
    ip: str('The IP of the backend (normally a pod IP).'),
    hostname: str('The hostname of the backend, for headless Services whose pods set one.'),
    nodeName: str('The node that hosts the backend.'),
    targetRef: field(objectReferenceSchema, 'The object (normally a pod) that provides the address.'),
  },
  { required: ['ip'], mapType: 'atomic' },
);

export const coreEndpointPortSchema = named(
  `${CORE}.EndpointPort`,
  'One port of a set of endpoints.',
  {
    name: str('The name of the Service port this corresponds to; optional when there is only one.'),
    port: int32('The port number on the backends.'),
    protocol: str('`TCP` (default), `UDP` or `SCTP`.', ['SCTP', 'TCP', 'UDP']),
    appProtocol: str('The application protocol, copied from the Service port.'),
  },
  { required: ['port'], mapType: 'atomic' },
);

export const endpointSubsetSchema = named(
  `${CORE}.EndpointSubset`,
  'A group of addresses that all serve the same ports. Every address is reachable on every port.',
  {
    addresses: atomicList(endpointAddressSchema, 'Addresses that are ready to receive traffic.'),
    notReadyAddresses: atomicList(
      endpointAddressSchema,
      'Addresses that exist but are not ready (failing readiness or still starting).',
    ),
    ports: atomicList(coreEndpointPortSchema, 'The ports available on every address.'),
  },
);

export const endpointsSchema = kindSchema(
  `${CORE}.Endpoints`,
  'The backend addresses of a Service, maintained by the endpoints controller for Services with a selector. Legacy: at most 1000 addresses are recorded; EndpointSlices hold the full picture.',
  { group: '', version: 'v1', kind: 'Endpoints' },
  {
    subsets: atomicList(endpointSubsetSchema, 'Groups of addresses with the ports they serve.'),
  },
);
