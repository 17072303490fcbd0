import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { checkDraft, disagreements, dryRunMessages, messagesAt, NOT_A_NUMBER, warningKey } from './field-messages';

const draft = (spec: Service['spec'], name = 'web'): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'shop' }, spec });

describe('field messages', () => {
  it('puts each shared-rule error at its location with the server text', () => {
    const c = checkDraft(draft({ type: 'NodePort', ports: [{ port: 80, nodePort: 99999 }] }), [{ field: 'spec.healthCheckNodePort', text: 'x' }]);
    expect(c.errorsAt.get('spec.ports[0].nodePort')).toEqual(['Invalid value: 99999: must be between 1 and 65535, inclusive']);
    expect(c.errorsAt.get('spec.healthCheckNodePort')).toEqual([`Invalid value: "x": ${NOT_A_NUMBER}`]);
  });

  it('puts warnings at their field', () => {
    expect(warningKey('spec.externalName is ignored when spec.type is not "ExternalName"')).toBe('spec.externalName');
    expect(warningKey('spec.SessionAffinity is ignored for headless services')).toBe('spec.sessionAffinity');
    expect(warningKey('spec.clusterIPs[0]: IPv4 address "010.0.0.1" should not have leading zeros')).toBe('spec.clusterIPs[0]');
    const c = checkDraft(draft({ ports: [{ port: 80 }], externalName: 'x.example.com' }));
    expect(c.warningsAt.get('spec.externalName')).toHaveLength(1);
  });

  it('maps dry-run causes and shows where the server and the local rules disagree', () => {
    const local = checkDraft(draft({ type: 'NodePort', ports: [{ port: 80, nodePort: 99999 }] }));
    const server = dryRunMessages({
      ok: false,
      warnings: [],
      status: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        code: 422,
        reason: 'Invalid',
        details: { causes: [{ field: 'spec.LoadBalancerSourceRanges[0]', message: 'Invalid value: "x": bad', reason: 'FieldValueInvalid' }] },
      },
    });
    expect([...server.errorsAt.keys()]).toEqual(['spec.loadBalancerSourceRanges[0]']);
    const d = disagreements(local, server);
    expect(d).toHaveLength(2);
    expect(d[0]).toContain('The server reports spec.loadBalancerSourceRanges[0]');
    expect(d[1]).toContain('spec.ports[0].nodePort');
    expect(disagreements(checkDraft(draft({ ports: [{ port: 80 }] })), dryRunMessages({ ok: true, warnings: [] }))).toEqual([]);
  });

  it('a different message at the same field is a disagreement too (the cluster node-port range)', () => {
    const local = checkDraft(draft({ type: 'NodePort', ports: [{ port: 80, nodePort: 99999 }] }));
    const server = dryRunMessages({
      ok: false,
      warnings: [],
      status: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        code: 422,
        reason: 'Invalid',
        details: { causes: [{ field: 'spec.ports[0].nodePort', message: 'Invalid value: 99999: provided port is not in the valid range. The range of valid ports is 30000-32767' }] },
      },
    });
    expect(disagreements(local, server)).toEqual([
      'At spec.ports[0].nodePort the server says "Invalid value: 99999: provided port is not in the valid range. The range of valid ports is 30000-32767", the local rules say "Invalid value: 99999: must be between 1 and 65535, inclusive".',
    ]);
  });

  it('refuses an IP address as an ExternalName with the reason, and does not count it as a disagreement', () => {
    const c = checkDraft(draft({ type: 'ExternalName', externalName: '10.1.2.3' }));
    expect(c.errorsAt.get('spec.externalName')?.[0]).toContain('must be a DNS name, not an IP address');
    expect(disagreements(c, dryRunMessages({ ok: true, warnings: [] }))).toEqual([]);
    expect(checkDraft(draft({ type: 'ExternalName', externalName: 'db.example.com' })).errors).toEqual([]);
  });

  it('collects messages at a location and below', () => {
    const m = new Map([['spec.clusterIPs[0]', ['a']], ['spec.clusterIP', ['b']], ['spec.ports', ['c']]]);
    expect(messagesAt(m, ['spec.clusterIP', 'spec.clusterIPs'], true)).toEqual(['a', 'b']);
    expect(messagesAt(m, ['spec.clusterIP'])).toEqual(['b']);
  });
});
