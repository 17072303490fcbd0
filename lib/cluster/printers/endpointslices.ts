/** `kubectl get endpointslices`: NAME ADDRESSTYPE PORTS ENDPOINTS AGE. */
import type { EndpointSlice } from '../../k8s/types/discovery';
import { ageColumn, column, listWithMoreString, nameColumn, translateTimestampSince, type ResourcePrinter } from './common';

/** formatDiscoveryPorts: port numbers (or names, or `*`), at most 3. */
export function formatDiscoveryPorts(slice: EndpointSlice): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const port of slice.ports ?? []) {
    if (list.length < max) {
      let portNum = '*';
      if (port.port !== undefined && port.port !== null) portNum = String(port.port);
      else if (port.name !== undefined && port.name !== null) portNum = port.name;
      list.push(portNum);
    } else if (list.length === max) {
      more = true;
    }
    count++;
  }
  return listWithMoreString(list, more, count, max);
}

/** formatDiscoveryEndpoints: every address of every endpoint, at most 3. */
export function formatDiscoveryEndpoints(slice: EndpointSlice): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ep of slice.endpoints ?? []) {
    for (const address of ep.addresses ?? []) {
      if (list.length < max) list.push(address);
      else if (list.length === max) more = true;
      count++;
    }
  }
  return listWithMoreString(list, more, count, max);
}

export const endpointSlicePrinter: ResourcePrinter = {
  columns: [
    nameColumn(),
    column(
      'AddressType',
      'string',
      'addressType specifies the type of address carried by this EndpointSlice. All addresses in this slice must be the same type. This field is immutable after creation. The following address types are currently supported: * IPv4: Represents an IPv4 Address. * IPv6: Represents an IPv6 Address. * FQDN: Represents a Fully Qualified Domain Name.',
    ),
    column(
      'Ports',
      'string',
      'ports specifies the list of network ports exposed by each endpoint in this slice. Each port must have a unique name. When ports is empty, it indicates that there are no defined ports. When a port is defined with a nil port value, it indicates "all ports". Each slice may include a maximum of 100 ports.',
    ),
    column('Endpoints', 'string', 'endpoints is a list of unique endpoints in this slice. Each slice may include a maximum of 1000 endpoints.'),
    ageColumn(),
  ],
  row(obj, now) {
    const slice = obj as EndpointSlice;
    return {
      cells: [
        slice.metadata.name ?? '',
        slice.addressType ?? '',
        formatDiscoveryPorts(slice),
        formatDiscoveryEndpoints(slice),
        translateTimestampSince(slice.metadata.creationTimestamp, now),
      ],
    };
  },
};
