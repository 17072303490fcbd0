/** discovery.k8s.io/v1 endpointslices. */
import { fieldError, type FieldError } from '../../k8s/field-errors';
import type { EndpointSlice } from '../../k8s/types/discovery';
import { isIPv4String, isIPv6String } from '../../k8s/validation/ip';
import { isDNS1123Label, isDNS1123Subdomain, nameIsDNSSubdomain } from '../../k8s/validation/names';
import type { ResourceDefinition } from './types';
import { ALL_VERBS, copy, metaCreateErrors, metaUpdateErrors } from './common';

const ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'];
const MAX_ENDPOINTS = 1000;
const MAX_PORTS = 20000;

function validateSlice(slice: EndpointSlice): FieldError[] {
  const errs: FieldError[] = [];
  const type = slice.addressType as string | undefined;
  if (!type) errs.push(fieldError.required('addressType'));
  else if (!ADDRESS_TYPES.includes(type)) errs.push(fieldError.notSupported('addressType', type, ADDRESS_TYPES));
  const endpoints = slice.endpoints ?? [];
  if (endpoints.length > MAX_ENDPOINTS) errs.push(fieldError.tooMany('endpoints', endpoints.length, MAX_ENDPOINTS));
  endpoints.forEach((ep, i) => {
    const p = `endpoints[${i}]`;
    const addrs = ep.addresses ?? [];
    if (addrs.length === 0) errs.push(fieldError.required(`${p}.addresses`, 'must contain at least 1 address'));
    else if (addrs.length > 1) errs.push(fieldError.tooMany(`${p}.addresses`, addrs.length, 1));
    addrs.forEach((a, j) => {
      const ap = `${p}.addresses[${j}]`;
      if (type === 'IPv4' && !isIPv4String(a)) errs.push(fieldError.invalid(ap, a, 'must be a valid IPv4 address'));
      if (type === 'IPv6' && !isIPv6String(a)) errs.push(fieldError.invalid(ap, a, 'must be a valid IPv6 address'));
      if (type === 'FQDN') for (const m of isDNS1123Subdomain(a)) errs.push(fieldError.invalid(ap, a, m));
    });
  });
  const ports = slice.ports ?? [];
  if (ports.length > MAX_PORTS) errs.push(fieldError.tooMany('ports', ports.length, MAX_PORTS));
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = `ports[${i}]`;
    const name = port.name ?? '';
    if (name) for (const m of isDNS1123Label(name)) errs.push(fieldError.invalid(`${p}.name`, name, m));
    if (names.has(name)) errs.push(fieldError.duplicate(`${p}.name`, name));
    names.add(name);
    if (port.port !== undefined && (port.port < 0 || port.port > 65535)) errs.push(fieldError.invalid(`${p}.port`, port.port, 'must be between 0 and 65535, inclusive'));
    if (!port.protocol) errs.push(fieldError.required(`${p}.protocol`));
    else if (!['TCP', 'UDP', 'SCTP'].includes(port.protocol)) errs.push(fieldError.notSupported(`${p}.protocol`, port.protocol, ['SCTP', 'TCP', 'UDP']));
  });
  return errs;
}

export const endpointSliceDefinition: ResourceDefinition<EndpointSlice> = {
  resource: 'endpointslices',
  group: 'discovery.k8s.io',
  version: 'v1',
  kind: 'EndpointSlice',
  listKind: 'EndpointSliceList',
  singular: 'endpointslice',
  namespaced: true,
  shortNames: [],
  verbs: ALL_VERBS,
  hasStatus: false,
  tracksGeneration: true,

  applyDefaults(slice) {
    const out = copy(slice);
    if (out.ports) out.ports = out.ports.map((p) => ({ ...p, name: p.name ?? '', protocol: p.protocol ?? 'TCP' }));
    if (out.endpoints === undefined) out.endpoints = null;
    return out;
  },
  prepareForCreate: (slice) => slice,
  validateCreate: (slice) => [...metaCreateErrors(slice, true, nameIsDNSSubdomain), ...validateSlice(slice)],
  prepareForUpdate: (next) => next,
  validateUpdate(next, prev) {
    const errs = [...metaUpdateErrors(next, prev), ...validateSlice(next)];
    if (next.addressType !== prev.addressType) errs.push(fieldError.invalid('addressType', next.addressType, 'field is immutable'));
    return errs;
  },
};
