import { describe, it, expect } from 'vitest';
import type { KubeObject } from '../../k8s/types/meta';
import { podPrinter } from './pods';

const now = new Date('2026-11-21T12:00:00Z');

function pod(extra: { spec?: Record<string, unknown>; status?: Record<string, unknown>; deletionTimestamp?: string }): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-1',
      namespace: 'demo',
      creationTimestamp: '2026-11-21T09:00:00Z',
      ...(extra.deletionTimestamp ? { deletionTimestamp: extra.deletionTimestamp } : {}),
    },
    spec: { containers: [{ name: 'app' }], ...extra.spec },
    status: extra.status ?? {},
  } as KubeObject;
}

const running = { running: { startedAt: '2026-11-21T09:00:05Z' } };
const readyCond = { type: 'Ready', status: 'True' };

describe('podPrinter columns', () => {
  it('has the real columns', () => {
    expect(podPrinter.columns.map((c) => [c.name, c.type, c.priority])).toEqual([
      ['Name', 'string', 0],
      ['Ready', 'string', 0],
      ['Status', 'string', 0],
      ['Restarts', 'string', 0],
      ['Age', 'string', 0],
      ['IP', 'string', 1],
      ['Node', 'string', 1],
      ['Nominated Node', 'string', 1],
      ['Readiness Gates', 'string', 1],
    ]);
  });
});

describe('podPrinter rows', () => {
  const cases: [string, KubeObject, (string | number)[]][] = [
    [
      'running and ready',
      pod({
        spec: { nodeName: 'node-a' },
        status: {
          phase: 'Running',
          podIP: '10.244.1.5',
          podIPs: [{ ip: '10.244.1.5' }],
          conditions: [readyCond],
          containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: running }],
        },
      }),
      ['web-1', '1/1', 'Running', '0', '3h', '10.244.1.5', 'node-a', '<none>', '<none>'],
    ],
    ['pending, unscheduled', pod({ status: { phase: 'Pending' } }), ['web-1', '0/1', 'Pending', '0', '3h', '<none>', '<none>', '<none>', '<none>']],
    [
      'not ready container',
      pod({
        spec: { nodeName: 'node-a', containers: [{ name: 'a' }, { name: 'b' }] },
        status: {
          phase: 'Running',
          podIPs: [{ ip: '10.244.1.6' }],
          containerStatuses: [
            { name: 'a', ready: true, restartCount: 0, state: running },
            { name: 'b', ready: false, restartCount: 0, state: running },
          ],
        },
      }),
      ['web-1', '1/2', 'Running', '0', '3h', '10.244.1.6', 'node-a', '<none>', '<none>'],
    ],
    [
      'crash loop with restarts and last restart time',
      pod({
        status: {
          phase: 'Running',
          containerStatuses: [
            {
              name: 'app',
              ready: false,
              restartCount: 4,
              state: { waiting: { reason: 'CrashLoopBackOff' } },
              lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: '2026-11-21T11:55:00Z' } },
            },
          ],
        },
      }),
      ['web-1', '0/1', 'CrashLoopBackOff', '4 (5m ago)', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'terminated without reason: ExitCode / Signal',
      pod({ status: { phase: 'Failed', containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { terminated: { exitCode: 2 } } }] } }),
      ['web-1', '0/1', 'ExitCode:2', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'terminated by signal',
      pod({ status: { phase: 'Failed', containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { terminated: { exitCode: 137, signal: 9 } } }] } }),
      ['web-1', '0/1', 'Signal:9', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'succeeded: Completed',
      pod({ status: { phase: 'Succeeded', containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }] } }),
      ['web-1', '0/1', 'Completed', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'one container completed, another still running: NotReady',
      pod({
        spec: { containers: [{ name: 'a' }, { name: 'b' }] },
        status: {
          phase: 'Running',
          containerStatuses: [
            { name: 'a', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
            { name: 'b', ready: true, restartCount: 0, state: running },
          ],
        },
      }),
      ['web-1', '1/2', 'NotReady', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'init container running: Init:0/2',
      pod({
        spec: { initContainers: [{ name: 'i1' }, { name: 'i2' }] },
        status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', ready: false, restartCount: 0, state: running }] },
      }),
      ['web-1', '0/1', 'Init:0/2', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'init container failed',
      pod({
        spec: { initContainers: [{ name: 'i1' }] },
        status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', ready: false, restartCount: 2, state: { terminated: { exitCode: 1, reason: 'Error' } } }] },
      }),
      ['web-1', '0/1', 'Init:Error', '2', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'init container waiting',
      pod({
        spec: { initContainers: [{ name: 'i1' }] },
        status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', ready: false, restartCount: 0, state: { waiting: { reason: 'ImagePullBackOff' } } }] },
      }),
      ['web-1', '0/1', 'Init:ImagePullBackOff', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'sidecar (restartable init container) counts as a container',
      pod({
        spec: { initContainers: [{ name: 'proxy', restartPolicy: 'Always' }] },
        status: {
          phase: 'Running',
          conditions: [{ type: 'Initialized', status: 'True' }, readyCond],
          initContainerStatuses: [{ name: 'proxy', ready: true, started: true, restartCount: 1, state: running }],
          containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: running }],
        },
      }),
      ['web-1', '2/2', 'Running', '1', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'terminating',
      pod({ deletionTimestamp: '2026-11-21T11:59:00Z', status: { phase: 'Running', containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: running }] } }),
      ['web-1', '1/1', 'Terminating', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'node lost while deleting: Unknown',
      pod({ deletionTimestamp: '2026-11-21T11:59:00Z', status: { phase: 'Running', reason: 'NodeLost' } }),
      ['web-1', '0/1', 'Unknown', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'scheduling gated',
      pod({ status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } }),
      ['web-1', '0/1', 'SchedulingGated', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'status.reason wins over phase',
      pod({ status: { phase: 'Failed', reason: 'Evicted' } }),
      ['web-1', '0/1', 'Evicted', '0', '3h', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'readiness gates and nominated node',
      pod({
        spec: { readinessGates: [{ conditionType: 'example.com/lb' }, { conditionType: 'example.com/dns' }] },
        status: {
          phase: 'Pending',
          nominatedNodeName: 'node-b',
          conditions: [
            { type: 'example.com/lb', status: 'True' },
            { type: 'example.com/dns', status: 'False' },
          ],
        },
      }),
      ['web-1', '0/1', 'Pending', '0', '3h', '<none>', '<none>', 'node-b', '1/2'],
    ],
  ];
  it.each(cases)('%s', (_name, p, cells) => {
    expect(podPrinter.row(p, now).cells).toEqual(cells);
  });

  it('marks finished pods with the Completed row condition', () => {
    expect(podPrinter.row(pod({ status: { phase: 'Succeeded' } }), now).conditions).toEqual([
      { type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' },
    ]);
    expect(podPrinter.row(pod({ status: { phase: 'Failed' } }), now).conditions).toEqual([
      { type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' },
    ]);
    expect(podPrinter.row(pod({ status: { phase: 'Running' } }), now).conditions).toBeUndefined();
  });
});
