import { describe, expect, it } from 'vitest';
import { checkServiceDraft } from './draft';
import { formatFieldError } from '../k8s/field-errors';
import { EXTERNAL_NAME_IP_REASON, externalNameErrors, externalNameRefusal } from './external-name';

describe('externalNameRefusal', () => {
  it('refuses IPv4 and IPv6 addresses that the server itself accepts', () => {
    expect(externalNameRefusal('10.0.0.7')).toBe(EXTERNAL_NAME_IP_REASON);
    expect(externalNameRefusal('10.0.0.7.')).toBe(EXTERNAL_NAME_IP_REASON);
    expect(externalNameRefusal('fd00::7')).toBe(EXTERNAL_NAME_IP_REASON);
    // The server's rules accept 10.0.0.7 (a valid DNS-1123 subdomain): only the draft check refuses it.
    expect(checkServiceDraft({ metadata: { name: 'x' }, spec: { type: 'ExternalName', externalName: '10.0.0.7' } }).errors).toEqual([]);
  });
  it('accepts DNS names', () => {
    expect(externalNameRefusal('db.example.com')).toBeUndefined();
    expect(externalNameRefusal('10-0-0-7.example.com')).toBeUndefined();
    expect(externalNameRefusal('')).toBeUndefined();
    expect(externalNameRefusal(undefined)).toBeUndefined();
  });
});

describe('externalNameErrors', () => {
  it('is a field error at spec.externalName, only for ExternalName Services', () => {
    const [e] = externalNameErrors({ metadata: { name: 'x' }, spec: { type: 'ExternalName', externalName: '10.0.0.7' } });
    expect(formatFieldError(e)).toBe(`spec.externalName: Invalid value: "10.0.0.7": ${EXTERNAL_NAME_IP_REASON}`);
    expect(externalNameErrors({ metadata: { name: 'x' }, spec: { type: 'ClusterIP', externalName: '10.0.0.7' } })).toEqual([]);
  });
});
