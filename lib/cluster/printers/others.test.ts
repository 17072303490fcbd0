import { describe, it, expect } from 'vitest';
import type { KubeObject } from '../../k8s/types/meta';
import type { Node } from '../../k8s/types/cluster';
import type { EndpointSlice, Endpoints } from '../../k8s/types/discovery';
import { endpointSlicePrinter } from './endpointslices';
import { endpointsPrinter } from './endpoints';
import { eventPrinter } from './events';
import { namespacePrinter } from './namespaces';
import { nodePrinter } from './nodes';

const now = new Date('2026-11-21T12:00:00Z');
const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, creationTimestamp: '2026-11-19T12:00:00Z', ...extra });
const names = (cols: { name: string; priority: number }[]) => cols.map((c) => `${c.name}${c.priority ? '*' : ''}`);

describe('namespacePrinter', () => {
  it('prints NAME STATUS AGE', () => {
    expect(names(namespacePrinter.columns)).toEqual(['Name', 'Status', 'Age']);
    expect(namespacePrinter.row({ metadata: meta('demo'), status: { phase: 'Terminating' } } as KubeObject, now).cells).toEqual(['demo', 'Terminating', '2d']);
  });
});

describe('nodePrinter', () => {
  const node = (extra: Partial<Node>, labels: Record<string, string> = {}): Node => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: meta('node-a', { labels }),
    ...extra,
  });
  it('has the real columns', () => {
    expect(names(nodePrinter.columns)).toEqual([
      'Name',
      'Status',
      'Roles',
      'Age',
      'Version',
      'Internal-IP*',
      'External-IP*',
      'OS-Image*',
      'Kernel-Version*',
      'Container-Runtime*',
    ]);
  });
  it.each<[string, Node, (string | number)[]]>([
    [
      'ready worker',
      node({
        status: {
          conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }],
          addresses: [{ type: 'Hostname', address: 'node-a' }, { type: 'InternalIP', address: '172.18.0.2' }],
          nodeInfo: {
            machineID: '',
            systemUUID: '',
            bootID: '',
            kernelVersion: '6.1.0',
            osImage: 'Debian GNU/Linux 12 (bookworm)',
            containerRuntimeVersion: 'containerd://1.7.0',
            kubeletVersion: 'v1.32.0',
            kubeProxyVersion: '',
            operatingSystem: 'linux',
            architecture: 'amd64',
          },
        },
      }),
      ['node-a', 'Ready', '<none>', '2d', 'v1.32.0', '172.18.0.2', '<none>', 'Debian GNU/Linux 12 (bookworm)', '6.1.0', 'containerd://1.7.0'],
    ],
    [
      'not ready, cordoned, roles',
      node(
        { spec: { unschedulable: true }, status: { conditions: [{ type: 'Ready', status: 'Unknown' }], addresses: [{ type: 'ExternalIP', address: '203.0.113.5' }] } },
        { 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/control-plane': '', 'kubernetes.io/role': 'infra', 'node-role.kubernetes.io/': '' },
      ),
      ['node-a', 'NotReady,SchedulingDisabled', 'control-plane,infra,worker', '2d', '', '<none>', '203.0.113.5', '<unknown>', '<unknown>', '<unknown>'],
    ],
    ['no conditions', node({}), ['node-a', 'Unknown', '<none>', '2d', '', '<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']],
  ])('%s', (_n, n, cells) => {
    expect(nodePrinter.row(n, now).cells).toEqual(cells);
  });
});

describe('endpointsPrinter', () => {
  const ep = (subsets: Endpoints['subsets']): Endpoints => ({ metadata: meta('web'), ...(subsets ? { subsets } : {}) });
  it.each<[string, Endpoints, string]>([
    ['no subsets', ep(undefined), '<none>'],
    ['one port', ep([{ addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.7' }], ports: [{ port: 8080 }] }]), '10.244.1.5:8080,10.244.2.7:8080'],
    [
      'more than three',
      ep([{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] }]),
      '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...',
    ],
    ['headless without ports', ep([{ addresses: [{ ip: '10.0.0.1' }] }]), '10.0.0.1'],
    ['not-ready addresses are not shown', ep([{ notReadyAddresses: [{ ip: '10.0.0.9' }], ports: [{ port: 80 }] }]), ''],
    ['IPv6', ep([{ addresses: [{ ip: 'fd00::1' }], ports: [{ port: 80 }] }]), '[fd00::1]:80'],
  ])('%s', (_n, e, text) => {
    expect(names(endpointsPrinter.columns)).toEqual(['Name', 'Endpoints', 'Age']);
    expect(endpointsPrinter.row(e, now).cells).toEqual(['web', text, '2d']);
  });
});

describe('endpointSlicePrinter', () => {
  const slice = (ports: EndpointSlice['ports'], endpoints: EndpointSlice['endpoints']): EndpointSlice => ({
    metadata: meta('web-abc12'),
    addressType: 'IPv4',
    ports,
    endpoints,
  });
  it.each<[string, EndpointSlice, string, string]>([
    ['empty', slice(null, null), '<unset>', '<unset>'],
    ['ports and endpoints', slice([{ port: 8080 }, { name: 'metrics' }, {}], [{ addresses: ['10.244.1.5'] }, { addresses: ['10.244.2.7'] }]), '8080,metrics,*', '10.244.1.5,10.244.2.7'],
    [
      'more than three',
      slice(
        [{ port: 1 }, { port: 2 }, { port: 3 }, { port: 4 }, { port: 5 }],
        [{ addresses: ['10.0.0.1'] }, { addresses: ['10.0.0.2'] }, { addresses: ['10.0.0.3'] }, { addresses: ['10.0.0.4'] }],
      ),
      '1,2,3 + 2 more...',
      '10.0.0.1,10.0.0.2,10.0.0.3 + 1 more...',
    ],
  ])('%s', (_n, s, ports, endpoints) => {
    expect(names(endpointSlicePrinter.columns)).toEqual(['Name', 'AddressType', 'Ports', 'Endpoints', 'Age']);
    expect(endpointSlicePrinter.row(s, now).cells).toEqual(['web-abc12', 'IPv4', ports, endpoints, '2d']);
  });
});

describe('eventPrinter', () => {
  it('has the real columns', () => {
    expect(names(eventPrinter.columns)).toEqual(['Last Seen', 'Type', 'Reason', 'Object', 'Subobject*', 'Source*', 'Message', 'First Seen*', 'Count*', 'Name*']);
    expect(eventPrinter.columns[9].format).toBe('name');
  });
  const base = {
    metadata: meta('web.1872'),
    involvedObject: { kind: 'Service', name: 'web', namespace: 'demo' },
    reason: 'EnsuringLoadBalancer',
    message: '  Ensuring load balancer \n',
    type: 'Normal',
  };
  it.each<[string, Record<string, unknown>, (string | number)[]]>([
    [
      'core event',
      { ...base, firstTimestamp: '2026-11-21T11:00:00Z', lastTimestamp: '2026-11-21T11:58:00Z', count: 3, source: { component: 'service-controller' } },
      ['2m', 'Normal', 'EnsuringLoadBalancer', 'service/web', '', 'service-controller', 'Ensuring load balancer', '60m', 3, 'web.1872'],
    ],
    [
      'events.k8s.io style: eventTime, reportingComponent/instance, no count',
      { ...base, eventTime: '2026-11-21T11:59:30.123456Z', reportingComponent: 'porthole-lb', reportingInstance: 'node-a', involvedObject: { kind: 'Pod', name: 'p', fieldPath: 'spec.containers{app}' } },
      ['29s', 'Normal', 'EnsuringLoadBalancer', 'pod/p', 'spec.containers{app}', 'porthole-lb, node-a', 'Ensuring load balancer', '29s', 1, 'web.1872'],
    ],
    [
      'series',
      { ...base, eventTime: '2026-11-21T11:00:00.000000Z', series: { count: 7, lastObservedTime: '2026-11-21T11:59:00.000000Z' }, involvedObject: { kind: 'Node' } },
      ['60s', 'Normal', 'EnsuringLoadBalancer', 'node', '', '', 'Ensuring load balancer', '60m', 7, 'web.1872'],
    ],
    ['no timestamps at all', { ...base }, ['<unknown>', 'Normal', 'EnsuringLoadBalancer', 'service/web', '', '', 'Ensuring load balancer', '<unknown>', 1, 'web.1872']],
  ])('%s', (_n, ev, cells) => {
    expect(eventPrinter.row(ev as unknown as KubeObject, now).cells).toEqual(cells);
  });
});
