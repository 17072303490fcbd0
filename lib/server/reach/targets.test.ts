import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Pod, ServicePort } from '../../k8s/types';
import { podTargetPort, reachEndpoints, targetPortHint } from './targets';

const pod = (name: string, ports: { name?: string; containerPort: number }[]): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'main', ports }] },
});
const slice = (eps: { pod?: string; ip: string; ready?: boolean; terminating?: boolean }[]): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name: 's' },
  addressType: 'IPv4',
  endpoints: eps.map((e) => ({
    addresses: [e.ip],
    conditions: { ready: e.ready ?? true, terminating: e.terminating ?? false },
    ...(e.pod ? { targetRef: { kind: 'Pod', name: e.pod } } : {}),
  })),
});

describe('podTargetPort (as kubectl port-forward svc/NAME resolves it)', () => {
  const web = pod('web-1', [{ name: 'http', containerPort: 8080 }]);
  it('takes a number as it is, the Service port when unset, a name from the pod', () => {
    expect(podTargetPort({ port: 80, targetPort: 9000 }, web)).toEqual({ port: 9000 });
    expect(podTargetPort({ port: 80 }, web)).toEqual({ port: 80 });
    expect(podTargetPort({ port: 80, targetPort: 'http' }, web)).toEqual({ port: 8080 });
  });
  it('says when the pod does not declare the named port', () => {
    expect(podTargetPort({ port: 9000, targetPort: 'grpc' }, web).problem).toBe('the targetPort "grpc" is not a port declared by pod web-1');
  });
});

describe('reachEndpoints', () => {
  const port: ServicePort = { port: 80, targetPort: 'http' };
  const pods = [pod('a', [{ name: 'http', containerPort: 8080 }]), pod('b', [{ name: 'http', containerPort: 8081 }]), pod('c', [{ name: 'http', containerPort: 8080 }])];
  it('tries ready endpoints, lists the others, resolves the port per pod, and says when no pod is behind an address', () => {
    const eps = reachEndpoints(
      port,
      [slice([{ pod: 'c', ip: '10.0.0.3', ready: false }, { pod: 'a', ip: '10.0.0.1' }, { pod: 'b', ip: '10.0.0.2' }, { ip: '10.0.0.9' }])],
      pods,
      false,
    );
    expect(eps.map((e) => [e.pod ?? e.address, e.targetPort, e.tried])).toEqual([
      ['10.0.0.9', undefined, true],
      ['a', 8080, true],
      ['b', 8081, true],
      ['c', 8080, false],
    ]);
    expect(eps[0].problem).toContain('no pod behind this address');
    expect(reachEndpoints(port, [slice([{ pod: 'c', ip: '10.0.0.3', ready: false }])], pods, true)[0].tried).toBe(true);
  });
  it('names the targetPort when it is the likely cause, and not when the pods declare it', () => {
    const grpc: ServicePort = { port: 9000, targetPort: 'grpc' };
    const eps = reachEndpoints(grpc, [slice([{ pod: 'a', ip: '10.0.0.1' }])], pods, false);
    expect(targetPortHint(grpc, eps, pods)).toContain('the targetPort is the likely cause');
    const numeric: ServicePort = { port: 9000, targetPort: 9000 };
    expect(targetPortHint(numeric, reachEndpoints(numeric, [slice([{ pod: 'a', ip: '10.0.0.1' }])], pods, false), pods)).toContain('port 9000, which no container');
    expect(targetPortHint(port, reachEndpoints(port, [slice([{ pod: 'a', ip: '10.0.0.1' }])], pods, false), pods)).toBeUndefined();
  });
});
