/** Shared builders for the Service domain tests (not used by production code). */
import { formatFieldError, type FieldError } from '../k8s/field-errors';
import type { ObjectMeta, Service, ServiceSpec } from '../k8s/types';
import { applyServiceDefaults } from './defaults';

/** A Service as the server holds it after defaulting, before allocation. */
export function defaulted(spec: ServiceSpec, meta: Partial<ObjectMeta> = {}): Service {
  return applyServiceDefaults({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default', ...meta },
    spec: { selector: { app: 'web' }, ports: [{ port: 80 }], ...spec },
  });
}

/** A ClusterIP Service after defaulting and allocation (10.96.0.10, IPv4 single-stack). */
export function allocated(spec: ServiceSpec = {}, meta: Partial<ObjectMeta> = {}): Service {
  return defaulted(
    { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', ...spec },
    { uid: 'u1', resourceVersion: '7', creationTimestamp: '2024-01-02T03:04:05Z', ...meta },
  );
}

/** A Service exactly as given (no defaulting). */
export function raw(spec: ServiceSpec, meta: Partial<ObjectMeta> = {}): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', ...meta }, spec };
}

export const fmt = (errs: readonly FieldError[]): string[] => errs.map(formatFieldError);

export const LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
export const SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
export const DNS1035_ERR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
export const QNAME_PART =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
export const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
export const RANGE_ERR = 'must be between 1 and 65535, inclusive';
export const IP_ERR = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
export const CIDR_ERR = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';
