/** The same machinery against the served schemas (lib/cluster/schema), not the test schema. */
import { describe, it, expect } from 'vitest';
import type { KubeObject } from '../../k8s/types/meta';
import { schemaFor } from '../schema';
import { ApiError } from '../errors/api-error';
import { recordUpdate } from './managed-fields';
import { serverSideApply } from './server-side-apply';
import { findUnknownFields } from './unknown-fields';

const schema = schemaFor('services');
const T1 = '2026-01-01T10:00:00Z';

/** `kubectl apply` (client-side) of a NodePort Service, after defaulting, before allocation. */
const decoded = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: 'httpserver-svc',
    namespace: 'default',
    annotations: {
      'kubectl.kubernetes.io/last-applied-configuration':
        '{"apiVersion":"v1","kind":"Service","metadata":{"annotations":{},"name":"httpserver-svc","namespace":"default"},"spec":{"ports":[{"port":80,"protocol":"TCP","targetPort":80}],"selector":{"app":"httpserver"},"type":"NodePort"}}\n',
    },
  },
  spec: {
    ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
    selector: { app: 'httpserver' },
    type: 'NodePort',
    sessionAffinity: 'None',
    externalTrafficPolicy: 'Cluster',
    internalTrafficPolicy: 'Cluster',
  },
  status: { loadBalancer: {} },
} as unknown as KubeObject;

describe('with schemaFor("services")', () => {
  it('records exactly the entry kube-apiserver stored for this kubectl-client-side-apply create', () => {
    const [e] = recordUpdate({ prev: undefined, next: decoded, manager: 'kubectl-client-side-apply', apiVersion: 'v1', time: T1, schema });
    // Taken from a real etcd dump of the same object.
    expect(JSON.stringify(e.fieldsV1)).toBe(
      '{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}}},"f:spec":{"f:externalTrafficPolicy":{},"f:internalTrafficPolicy":{},"f:ports":{".":{},"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:port":{},"f:protocol":{},"f:targetPort":{}}},"f:selector":{},"f:sessionAffinity":{},"f:type":{}}}',
    );
  });

  it('a server-side apply that changes targetPort conflicts with it', () => {
    const live = structuredClone(decoded);
    live.metadata.uid = 'u';
    live.metadata.managedFields = recordUpdate({ prev: undefined, next: decoded, manager: 'kubectl-client-side-apply', apiVersion: 'v1', time: T1, schema });
    const applied = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'httpserver-svc', namespace: 'default' },
      spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] },
    };
    let caught: unknown;
    try {
      serverSideApply({ live, applied, manager: 'porthole', force: false, apiVersion: 'v1', time: T1, schema });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status.message).toBe(
      'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .spec.ports[port=80,protocol="TCP"].targetPort',
    );
  });

  it('finds unknown fields of a Service', () => {
    expect(findUnknownFields({ spec: { foo: 1, ports: [{ port: 80, bar: 1 }] }, metadata: { labels: { a: 'b' } } }, schema)).toEqual([
      'spec.foo',
      'spec.ports[0].bar',
    ]);
  });
});
