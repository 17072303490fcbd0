/** Strategic merge patches as kubectl sends them, against the embedded cluster's real Service schema. */
import { describe, it, expect } from 'vitest';
import type { JsonObject } from '../../k8s/json';
import { schemaFor } from '../schema/index';
import { applyStrategicMergePatch } from './strategic-merge-patch';

const live = (): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'demo', labels: { app: 'web' }, finalizers: ['example.com/keep'] },
  spec: {
    type: 'ClusterIP',
    clusterIP: '10.96.0.10',
    clusterIPs: ['10.96.0.10'],
    selector: { app: 'web' },
    ports: [
      { name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' },
      { name: 'https', port: 443, targetPort: 8443, protocol: 'TCP' },
    ],
  },
});

describe('strategic merge patch with schemaFor("services")', () => {
  const schema = schemaFor('services');

  it('applies a kubectl apply style patch (order list, new port, deleted port)', () => {
    const out = applyStrategicMergePatch(
      live(),
      {
        metadata: { labels: { tier: 'front' } },
        spec: {
          '$setElementOrder/ports': [{ port: 80 }, { port: 8443 }],
          ports: [{ name: 'alt', port: 8443, targetPort: 8443 }, { $patch: 'delete', port: 443 }],
        },
      },
      schema,
    );
    expect(out.spec).toEqual({
      type: 'ClusterIP',
      clusterIP: '10.96.0.10',
      clusterIPs: ['10.96.0.10'],
      selector: { app: 'web' },
      ports: [
        { name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' },
        { name: 'alt', port: 8443, targetPort: 8443 },
      ],
    });
    expect((out.metadata as JsonObject).labels).toEqual({ app: 'web', tier: 'front' });
  });

  it('changes one port in place (kubectl edit style)', () => {
    const out = applyStrategicMergePatch(live(), { spec: { ports: [{ port: 80, targetPort: 9090 }] } }, schema);
    expect((out.spec as JsonObject).ports).toEqual([
      { name: 'http', port: 80, targetPort: 9090, protocol: 'TCP' },
      { name: 'https', port: 443, targetPort: 8443, protocol: 'TCP' },
    ]);
  });

  it('merges finalizers and replaces clusterIPs (no patch strategy)', () => {
    const out = applyStrategicMergePatch(live(), { metadata: { finalizers: ['other'] }, spec: { clusterIPs: ['10.96.0.99'] } }, schema);
    expect((out.metadata as JsonObject).finalizers).toEqual(['other', 'example.com/keep']);
    expect((out.spec as JsonObject).clusterIPs).toEqual(['10.96.0.99']);
  });
});
