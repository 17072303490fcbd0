/**
 * Creating one demo object on an API server through client-node, with what a real server needs
 * beyond the embedded one: a fixed ClusterIP or nodePort already taken there (or outside its
 * ranges) is dropped and the server allocates one instead (the result says so), and a pod created
 * right after its namespace waits for the namespace's `default` ServiceAccount when the
 * ServiceAccount admission plugin asks for it.
 */
import type { V1Endpoints, V1Namespace, V1Pod, V1Service, V1EndpointSlice } from '@kubernetes/client-node';
import type { KubeObject } from '../k8s/types/meta';
import type { Service } from '../k8s/types/service';
import type { StoredResource } from '../cluster/storage/types';
import { DEMO_FIELD_MANAGER } from '../cluster/demo/seed';
import { apiFailure, body, wire, type DemoClient } from './client';

export interface Created {
  object: KubeObject;
  /** What was changed from the demo definition to fit this server. */
  note?: string;
}

const KINDS: Record<StoredResource, string> = {
  namespaces: 'Namespace',
  services: 'Service',
  endpoints: 'Endpoints',
  endpointslices: 'EndpointSlice',
  pods: 'Pod',
  nodes: 'Node',
  events: 'Event',
  leases: 'Lease',
};

/** `Service shop/frontend`, `Namespace demo`. */
export function describe(resource: StoredResource, object: KubeObject): string {
  const ns = object.metadata.namespace;
  return `${KINDS[resource]} ${ns ? `${ns}/` : ''}${object.metadata.name ?? ''}`;
}

async function post(client: DemoClient, resource: StoredResource, object: KubeObject): Promise<KubeObject> {
  const fieldManager = DEMO_FIELD_MANAGER;
  const namespace = object.metadata.namespace ?? '';
  switch (resource) {
    case 'namespaces':
      return wire(await client.core.createNamespace({ body: body<V1Namespace>(object), fieldManager }));
    case 'services':
      return wire(await client.core.createNamespacedService({ namespace, body: body<V1Service>(object), fieldManager }));
    case 'endpoints':
      return wire(await client.core.createNamespacedEndpoints({ namespace, body: body<V1Endpoints>(object), fieldManager }));
    case 'endpointslices':
      return wire(await client.discovery.createNamespacedEndpointSlice({ namespace, body: body<V1EndpointSlice>(object), fieldManager }));
    case 'pods':
      return wire(await client.core.createNamespacedPod({ namespace, body: body<V1Pod>(object), fieldManager }));
    default:
      throw new Error(`the demo seed does not create ${resource}`);
  }
}

/** The Service without the addresses and node ports it asked for (the server allocates them). */
function withoutFixedAllocations(svc: Service): Service {
  const spec = { ...(svc.spec ?? {}) };
  if (spec.clusterIP && spec.clusterIP !== 'None') delete spec.clusterIP;
  if (spec.clusterIPs && spec.clusterIP !== 'None') delete spec.clusterIPs;
  spec.ports = spec.ports?.map(({ nodePort: _nodePort, ...port }) => port);
  return { ...svc, spec };
}

function fixedAllocations(svc: Service): string {
  const spec = svc.spec ?? {};
  const fixed: string[] = [];
  if (spec.clusterIP && spec.clusterIP !== 'None') fixed.push(`clusterIP ${spec.clusterIP}`);
  for (const p of spec.ports ?? []) if (p.nodePort) fixed.push(`nodePort ${p.nodePort}`);
  return fixed.join(', ');
}

const SA_RETRIES = 40;
const SA_RETRY_MS = 250;

function waitsForServiceAccount(err: unknown): boolean {
  const f = apiFailure(err);
  return !!f && (f.code === 403 || f.code === 500) && /service ?account/i.test(f.message);
}

/** Creates the object; AlreadyExists and other API errors are thrown as client-node's ApiException. */
export async function createDemoObject(client: DemoClient, resource: StoredResource, object: KubeObject): Promise<Created> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { object: await post(client, resource, object) };
    } catch (err) {
      const failure = apiFailure(err);
      if (resource === 'services' && failure?.code === 422 && failure.fields.some((f) => /^spec\.(clusterIPs?|ports\[\d+\]\.nodePort)/.test(f))) {
        const svc = object as Service;
        const created = (await post(client, resource, withoutFixedAllocations(svc))) as Service;
        const got = fixedAllocations(created);
        return { object: created, note: `${describe(resource, object)}: ${fixedAllocations(svc)} not available on this server (${failure.message}); allocated ${got || 'by the server'} instead` };
      }
      if (resource === 'pods' && waitsForServiceAccount(err) && attempt < SA_RETRIES) {
        await new Promise((r) => setTimeout(r, SA_RETRY_MS));
        continue;
      }
      throw err;
    }
  }
}
