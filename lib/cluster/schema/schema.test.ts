import { describe, expect, it } from 'vitest';
import type { Service } from '../../k8s/types/service';
import type { Pod } from '../../k8s/types/pod';
import type { EndpointSlice, Endpoints } from '../../k8s/types/discovery';
import type { Event, Namespace, Node } from '../../k8s/types/cluster';
import type { ArraySchema, Schema } from './types';
import { kindSchemas, schemaFor, schemaForKind, serviceSchema } from './index';
import { pathsMissingFromSchema, schemaAtPath } from './walk';

/** Every optional field made required, recursively: a sample of this type must mention every field. */
type DeepRequired<T> = T extends (infer U)[]
  ? DeepRequired<U>[]
  : T extends object
    ? { [K in keyof T]-?: DeepRequired<NonNullable<T[K]>> }
    : NonNullable<T>;

const fullService: DeepRequired<Service> = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: 'web',
    generateName: 'web-',
    namespace: 'demo',
    uid: 'u',
    resourceVersion: '1',
    generation: 1,
    creationTimestamp: '2026-01-01T00:00:00Z',
    deletionTimestamp: '2026-01-01T00:00:00Z',
    deletionGracePeriodSeconds: 0,
    labels: { app: 'web' },
    annotations: { a: 'b' },
    ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'x', uid: 'u', controller: true, blockOwnerDeletion: true }],
    finalizers: ['f'],
    managedFields: [
      {
        manager: 'm',
        operation: 'Update',
        apiVersion: 'v1',
        time: 't',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': {} },
        subresource: 'status',
      },
    ],
  },
  spec: {
    ports: [{ name: 'http', protocol: 'TCP', appProtocol: 'http', port: 80, targetPort: 'http', nodePort: 30080 }],
    selector: { app: 'web' },
    clusterIP: '10.96.0.10',
    clusterIPs: ['10.96.0.10'],
    type: 'LoadBalancer',
    externalIPs: ['1.2.3.4'],
    sessionAffinity: 'ClientIP',
    loadBalancerIP: '1.2.3.5',
    loadBalancerSourceRanges: ['0.0.0.0/0'],
    externalName: 'x.example.com',
    externalTrafficPolicy: 'Local',
    healthCheckNodePort: 30000,
    publishNotReadyAddresses: true,
    sessionAffinityConfig: { clientIP: { timeoutSeconds: 10 } },
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    allocateLoadBalancerNodePorts: true,
    loadBalancerClass: 'example.com/lb',
    internalTrafficPolicy: 'Cluster',
    trafficDistribution: 'PreferClose',
  },
  status: {
    loadBalancer: { ingress: [{ ip: '1.1.1.1', hostname: 'h', ipMode: 'VIP', ports: [{ port: 80, protocol: 'TCP', error: 'e' }] }] },
    conditions: [{ type: 'T', status: 'True', observedGeneration: 1, lastTransitionTime: 't', reason: 'R', message: 'm' }],
  },
};

function arrayAt(path: string[]): ArraySchema {
  const node = schemaAtPath(serviceSchema, path);
  if (!node || node.type !== 'array') throw new Error(`${path.join('.')} is not an array`);
  return node;
}

function described(schema: Schema, path: string, out: string[]): void {
  if (!schema.description) out.push(path);
  if (schema.type === 'object') for (const [k, v] of Object.entries(schema.properties)) described(v, `${path}.${k}`, out);
  if (schema.type === 'array' && schema.items.type === 'object') {
    for (const [k, v] of Object.entries(schema.items.properties)) described(v, `${path}[].${k}`, out);
  }
}

describe('Service schema', () => {
  it('covers every field of the Service wire type', () => {
    expect(pathsMissingFromSchema(fullService, serviceSchema)).toEqual([]);
  });

  it('describes every field', () => {
    const missing: string[] = [];
    described(serviceSchema, 'Service', missing);
    expect(missing).toEqual([]);
  });

  it('declares ports as a map list keyed by port and protocol, merging on port', () => {
    expect(arrayAt(['spec', 'ports'])).toMatchObject({
      listType: 'map',
      listMapKeys: ['port', 'protocol'],
      patchMergeKey: 'port',
      patchStrategy: 'merge',
    });
  });

  it.each([['clusterIPs'], ['ipFamilies'], ['externalIPs'], ['loadBalancerSourceRanges']])('spec.%s is atomic', (name) => {
    const a = arrayAt(['spec', name]);
    expect(a.listType).toBe('atomic');
    expect(a.patchMergeKey).toBeUndefined();
  });

  it('keys metadata lists as upstream does', () => {
    expect(arrayAt(['metadata', 'finalizers'])).toMatchObject({ listType: 'set', patchStrategy: 'merge' });
    expect(arrayAt(['metadata', 'ownerReferences'])).toMatchObject({ listType: 'map', listMapKeys: ['uid'], patchMergeKey: 'uid' });
    expect(arrayAt(['metadata', 'managedFields']).listType).toBe('atomic');
    expect(schemaAtPath(serviceSchema, ['metadata', 'managedFields', 'fieldsV1'])?.type).toBe('any');
    expect(arrayAt(['status', 'conditions'])).toMatchObject({ listType: 'map', listMapKeys: ['type'], patchMergeKey: 'type' });
    expect(arrayAt(['status', 'loadBalancer', 'ingress']).listType).toBe('atomic');
  });

  it('has targetPort as int-or-string and the group-version-kind', () => {
    expect(schemaAtPath(serviceSchema, ['spec', 'ports', 'targetPort'])?.type).toBe('int-or-string');
    expect(serviceSchema.gvk).toEqual({ group: '', version: 'v1', kind: 'Service' });
  });
});

describe('other kinds', () => {
  const pod: DeepRequired<Pod> = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: fullService.metadata,
    spec: {
      containers: [
        {
          name: 'c',
          image: 'i',
          command: ['a'],
          args: ['b'],
          ports: [{ name: 'http', containerPort: 80, hostPort: 80, protocol: 'TCP', hostIP: '0.0.0.0' }],
          readinessProbe: {
            httpGet: { path: '/', port: 80, scheme: 'HTTP' },
            tcpSocket: { port: 'http' },
            exec: { command: ['true'] },
            initialDelaySeconds: 1,
            periodSeconds: 1,
          },
          livenessProbe: { initialDelaySeconds: 1, httpGet: { path: '/', port: 1, scheme: 'HTTP' }, tcpSocket: { port: 1 }, exec: { command: [] }, periodSeconds: 1 },
          env: [{ name: 'A', value: 'b' }],
          resources: { limits: { cpu: '1' }, requests: { cpu: '1' } },
        },
      ],
      initContainers: [],
      nodeName: 'n',
      nodeSelector: { a: 'b' },
      hostname: 'h',
      subdomain: 's',
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'default',
      schedulerName: 'default-scheduler',
      hostNetwork: false,
      readinessGates: [{ conditionType: 'x' }],
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True', lastProbeTime: 't', lastTransitionTime: 't', reason: 'r', message: 'm' }],
      hostIP: '1',
      hostIPs: [{ ip: '1' }],
      podIP: '2',
      podIPs: [{ ip: '2' }],
      startTime: 't',
      containerStatuses: [
        {
          name: 'c',
          ready: true,
          started: true,
          restartCount: 0,
          image: 'i',
          imageID: 'i',
          containerID: 'c',
          state: { waiting: { reason: 'r', message: 'm' }, running: { startedAt: 't' }, terminated: { exitCode: 0, reason: 'r', startedAt: 't', finishedAt: 't' } },
          lastState: {},
        },
      ] as DeepRequired<Pod>['status']['containerStatuses'],
      qosClass: 'BestEffort',
      message: 'm',
      reason: 'r',
    },
  };

  it('the Pod schema covers the Pod wire type and keys containers and ports', () => {
    expect(pathsMissingFromSchema(pod, schemaFor('pods'))).toEqual([]);
    const containers = schemaAtPath(schemaFor('pods'), ['spec', 'containers']);
    expect(containers).toMatchObject({ listType: 'map', listMapKeys: ['name'], patchMergeKey: 'name', patchStrategy: 'merge' });
    expect(schemaAtPath(schemaFor('pods'), ['spec', 'containers', 'ports'])).toMatchObject({
      listType: 'map',
      listMapKeys: ['containerPort', 'protocol'],
      patchMergeKey: 'containerPort',
    });
  });

  it('covers nodes, namespaces, events, endpoints and endpoint slices', () => {
    const node: Node = {
      metadata: {},
      spec: { podCIDR: 'a', podCIDRs: ['a'], providerID: 'p', unschedulable: false, taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] },
      status: {
        capacity: { cpu: '1' },
        allocatable: { cpu: '1' },
        conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: 't', lastTransitionTime: 't', reason: 'r', message: 'm' }],
        addresses: [{ type: 'InternalIP', address: '1' }],
        nodeInfo: {
          machineID: 'a', systemUUID: 'a', bootID: 'a', kernelVersion: 'a', osImage: 'a', containerRuntimeVersion: 'a',
          kubeletVersion: 'a', kubeProxyVersion: 'a', operatingSystem: 'linux', architecture: 'amd64',
        },
      },
    };
    const ns: Namespace = { metadata: {}, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active', conditions: [{ type: 't', status: 'True', lastTransitionTime: 't', reason: 'r', message: 'm' }] } };
    const ref = { kind: 'Pod', namespace: 'n', name: 'p', uid: 'u', apiVersion: 'v1', resourceVersion: '1', fieldPath: 'f' };
    const ev: Event = {
      metadata: {}, involvedObject: ref, reason: 'r', message: 'm', source: { component: 'c', host: 'h' }, firstTimestamp: 't',
      lastTimestamp: 't', eventTime: 't', count: 1, type: 'Normal', action: 'a', reportingComponent: 'c', reportingInstance: 'i',
    };
    const ep: Endpoints = {
      metadata: {},
      subsets: [{ addresses: [{ ip: '1', hostname: 'h', nodeName: 'n', targetRef: ref }], notReadyAddresses: [], ports: [{ name: 'a', port: 1, protocol: 'TCP', appProtocol: 'http' }] }],
    };
    const slice: EndpointSlice = {
      metadata: {},
      addressType: 'IPv4',
      endpoints: [{ addresses: ['1'], conditions: { ready: true, serving: true, terminating: false }, hostname: 'h', targetRef: ref, nodeName: 'n', zone: 'z', hints: { forZones: [{ name: 'z' }], forNodes: [{ name: 'n' }] } }],
      ports: [{ name: 'a', protocol: 'TCP', port: 1, appProtocol: 'http' }],
    };
    expect(pathsMissingFromSchema(node, schemaFor('nodes'))).toEqual([]);
    expect(pathsMissingFromSchema(ns, schemaFor('namespaces'))).toEqual([]);
    expect(pathsMissingFromSchema(ev, schemaFor('events'))).toEqual([]);
    expect(pathsMissingFromSchema(ep, schemaFor('endpoints'))).toEqual([]);
    expect(pathsMissingFromSchema(slice, schemaFor('endpointslices'))).toEqual([]);
    expect(schemaAtPath(schemaFor('endpointslices'), ['endpoints'])).toMatchObject({ listType: 'atomic' });
  });

  it('finds kinds by apiVersion and kind', () => {
    expect(schemaForKind('v1', 'Service')).toBe(serviceSchema);
    expect(schemaForKind('discovery.k8s.io/v1', 'EndpointSlice')?.name).toBe('io.k8s.api.discovery.v1.EndpointSlice');
    expect(schemaForKind('authorization.k8s.io/v1', 'SelfSubjectAccessReview')).toBeDefined();
    expect(schemaForKind('v1', 'EndpointSlice')).toBeUndefined();
    expect(schemaForKind('apps/v1', 'Deployment')).toBeUndefined();
    expect(schemaForKind('coordination.k8s.io/v1', 'Lease')?.name).toBe('io.k8s.api.coordination.v1.Lease');
    expect(kindSchemas).toHaveLength(11);
  });
});
