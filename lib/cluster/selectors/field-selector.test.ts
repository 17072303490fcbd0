import { describe, it, expect } from 'vitest';
import { ApiError } from '../errors/api-error';
import type { KubeObject } from '../../k8s/types/meta';
import type { StoredResource } from '../storage/types';
import {
  checkFieldSelector,
  escapeFieldValue,
  fieldSetFor,
  formatFieldRequirements,
  matchesFieldRequirements,
  parseFieldSelector,
  type FieldRequirement,
} from './field-selector';

function statusOf(fn: () => unknown): { code: number; reason?: string; message?: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, reason: e.status.reason, message: e.status.message };
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('parseFieldSelector', () => {
  const cases: [string, FieldRequirement[]][] = [
    ['', []],
    ['metadata.name=web', [{ field: 'metadata.name', operator: '=', value: 'web' }]],
    ['metadata.name==web', [{ field: 'metadata.name', operator: '=', value: 'web' }]],
    ['metadata.name!=web', [{ field: 'metadata.name', operator: '!=', value: 'web' }]],
    ['metadata.name=', [{ field: 'metadata.name', operator: '=', value: '' }]],
    [
      'status.phase=Running,spec.nodeName=n1',
      [
        { field: 'spec.nodeName', operator: '=', value: 'n1' },
        { field: 'status.phase', operator: '=', value: 'Running' },
      ],
    ],
    ['a=b,,c=d', [{ field: 'a', operator: '=', value: 'b' }, { field: 'c', operator: '=', value: 'd' }]],
    ['a=x\\,y', [{ field: 'a', operator: '=', value: 'x,y' }]],
    ['a=x\\=y', [{ field: 'a', operator: '=', value: 'x=y' }]],
    ['a=x\\\\y', [{ field: 'a', operator: '=', value: 'x\\y' }]],
    ['a!=b=c'.replace('b=c', 'b\\=c'), [{ field: 'a', operator: '!=', value: 'b=c' }]],
    ['a==', [{ field: 'a', operator: '=', value: '' }]],
    ['=x', [{ field: '', operator: '=', value: 'x' }]],
  ];
  it.each(cases)('%j', (text, expected) => {
    expect(parseFieldSelector(text)).toEqual(expected);
  });

  const errors: [string, string][] = [
    ['abc', "invalid selector: 'abc'; can't understand 'abc'"],
    ['a=b,c', "invalid selector: 'a=b,c'; can't understand 'c'"],
    ['a=b=c', 'invalid field selector: unescaped character in value: 61'],
    ['a===b', 'invalid field selector: unescaped character in value: 61'],
    ['a=x\\y', 'invalid field selector: invalid escape sequence: \\y'],
    ['a=x\\', 'invalid field selector: invalid escape sequence: \\'],
  ];
  it.each(errors)('rejects %j with 400', (text, message) => {
    expect(statusOf(() => parseFieldSelector(text))).toEqual({ code: 400, reason: 'BadRequest', message });
  });

  it('round-trips escaped values', () => {
    expect(escapeFieldValue('a,b=c\\d')).toBe('a\\,b\\=c\\\\d');
    const reqs = parseFieldSelector(`x=${escapeFieldValue('a,b=c\\d')}`);
    expect(reqs[0].value).toBe('a,b=c\\d');
    expect(formatFieldRequirements(reqs)).toBe('x=a\\,b\\=c\\\\d');
  });
});

describe('checkFieldSelector: supported fields per resource', () => {
  const supported: [StoredResource, string[]][] = [
    ['namespaces', ['metadata.name', 'status.phase']],
    ['services', ['metadata.name', 'metadata.namespace', 'spec.clusterIP', 'spec.type']],
    ['endpoints', ['metadata.name', 'metadata.namespace']],
    ['endpointslices', ['metadata.name', 'metadata.namespace']],
    [
      'pods',
      [
        'metadata.name',
        'metadata.namespace',
        'spec.nodeName',
        'spec.restartPolicy',
        'spec.schedulerName',
        'spec.serviceAccountName',
        'spec.hostNetwork',
        'status.phase',
        'status.podIP',
        'status.podIPs',
        'status.nominatedNodeName',
      ],
    ],
    ['nodes', ['metadata.name', 'spec.unschedulable']],
    [
      'events',
      [
        'involvedObject.kind',
        'involvedObject.namespace',
        'involvedObject.name',
        'involvedObject.uid',
        'involvedObject.apiVersion',
        'involvedObject.resourceVersion',
        'involvedObject.fieldPath',
        'reason',
        'reportingComponent',
        'source',
        'type',
        'metadata.namespace',
        'metadata.name',
      ],
    ],
  ];
  for (const [resource, fields] of supported) {
    it.each(fields)(`${resource} accepts %s`, (field) => {
      expect(checkFieldSelector(resource, [{ field, operator: '=', value: 'x' }])).toEqual([{ field, operator: '=', value: 'x' }]);
    });
  }

  it('renames pods spec.host to spec.nodeName', () => {
    expect(checkFieldSelector('pods', parseFieldSelector('spec.host=n1'))).toEqual([{ field: 'spec.nodeName', operator: '=', value: 'n1' }]);
  });

  const rejected: [StoredResource, string, string][] = [
    ['services', 'spec.ports', 'field label not supported: spec.ports'],
    ['services', 'status.phase', 'field label not supported: status.phase'],
    ['namespaces', 'metadata.namespace', 'field label not supported: metadata.namespace'],
    ['namespaces', 'name', 'field label not supported: name'],
    ['nodes', 'metadata.namespace', 'field label not supported: metadata.namespace'],
    ['nodes', 'spec.podCIDR', 'field label not supported: spec.podCIDR'],
    ['pods', 'spec.containers', 'field label not supported: spec.containers'],
    ['events', 'message', 'field label not supported: message'],
    ['endpoints', 'subsets', '"subsets" is not a known field selector: only "metadata.name", "metadata.namespace"'],
    ['endpointslices', 'addressType', '"addressType" is not a known field selector: only "metadata.name", "metadata.namespace"'],
  ];
  it.each(rejected)('%s rejects %s with 400', (resource, field, message) => {
    expect(statusOf(() => checkFieldSelector(resource, [{ field, operator: '=', value: 'x' }]))).toEqual({
      code: 400,
      reason: 'BadRequest',
      message,
    });
  });
});

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'demo' },
  spec: { containers: [], nodeName: 'node-a', restartPolicy: 'Always', schedulerName: 'default-scheduler', serviceAccountName: 'default' },
  status: { phase: 'Running', podIP: '10.244.1.5', podIPs: [{ ip: '10.244.1.5' }, { ip: 'fd00::5' }], nominatedNodeName: 'node-b' },
} as KubeObject;

describe('fieldSetFor', () => {
  it('pods', () => {
    expect(fieldSetFor('pods', pod)).toEqual({
      'metadata.name': 'web-1',
      'metadata.namespace': 'demo',
      'spec.nodeName': 'node-a',
      'spec.restartPolicy': 'Always',
      'spec.schedulerName': 'default-scheduler',
      'spec.serviceAccountName': 'default',
      'spec.hostNetwork': 'false',
      'status.phase': 'Running',
      'status.podIP': '10.244.1.5',
      'status.nominatedNodeName': 'node-b',
    });
  });
  it('pods: podIP alone, hostNetwork, empty pod', () => {
    const p = { metadata: { name: 'p', namespace: 'd' }, spec: { hostNetwork: true }, status: { podIP: '10.0.0.1' } } as KubeObject;
    expect(fieldSetFor('pods', p)['status.podIP']).toBe('10.0.0.1');
    expect(fieldSetFor('pods', p)['spec.hostNetwork']).toBe('true');
    expect(fieldSetFor('pods', { metadata: { name: 'x', namespace: 'y' } })['status.phase']).toBe('');
  });
  it('services', () => {
    const svc = { metadata: { name: 's', namespace: 'd' }, spec: { type: 'NodePort', clusterIP: '10.96.0.10' } } as KubeObject;
    expect(fieldSetFor('services', svc)).toEqual({ 'metadata.name': 's', 'metadata.namespace': 'd', 'spec.clusterIP': '10.96.0.10', 'spec.type': 'NodePort' });
  });
  it('namespaces and nodes are cluster-scoped', () => {
    expect(fieldSetFor('namespaces', { metadata: { name: 'demo' }, status: { phase: 'Active' } } as KubeObject)).toEqual({
      'metadata.name': 'demo',
      'status.phase': 'Active',
      name: 'demo',
    });
    expect(fieldSetFor('nodes', { metadata: { name: 'n1' }, spec: { unschedulable: true } } as KubeObject)).toEqual({
      'metadata.name': 'n1',
      'spec.unschedulable': 'true',
    });
    expect(fieldSetFor('nodes', { metadata: { name: 'n2' } })['spec.unschedulable']).toBe('false');
  });
  it('events: source falls back to reportingComponent', () => {
    const ev = {
      metadata: { name: 'e1', namespace: 'demo' },
      involvedObject: { kind: 'Service', namespace: 'demo', name: 'web', uid: 'u1', apiVersion: 'v1', resourceVersion: '7', fieldPath: 'spec' },
      reason: 'EnsuringLoadBalancer',
      type: 'Normal',
      reportingComponent: 'service-controller',
    } as KubeObject;
    expect(fieldSetFor('events', ev)).toEqual({
      'involvedObject.kind': 'Service',
      'involvedObject.namespace': 'demo',
      'involvedObject.name': 'web',
      'involvedObject.uid': 'u1',
      'involvedObject.apiVersion': 'v1',
      'involvedObject.resourceVersion': '7',
      'involvedObject.fieldPath': 'spec',
      reason: 'EnsuringLoadBalancer',
      reportingComponent: 'service-controller',
      source: 'service-controller',
      type: 'Normal',
      'metadata.name': 'e1',
      'metadata.namespace': 'demo',
    });
    expect(fieldSetFor('events', { ...ev, source: { component: 'kubelet' } } as KubeObject).source).toBe('kubelet');
  });
  it('endpoints and endpointslices only offer metadata', () => {
    expect(fieldSetFor('endpointslices', { metadata: { name: 'web-abc', namespace: 'demo' } })).toEqual({
      'metadata.name': 'web-abc',
      'metadata.namespace': 'demo',
    });
  });
});

describe('matchesFieldRequirements', () => {
  const fields = fieldSetFor('pods', pod);
  const cases: [string, boolean][] = [
    ['', true],
    ['spec.nodeName=node-a', true],
    ['spec.nodeName==node-a', true],
    ['spec.nodeName=node-b', false],
    ['spec.nodeName!=node-b', true],
    ['status.phase=Running,metadata.namespace=demo', true],
    ['status.phase=Running,metadata.namespace=other', false],
    ['status.podIPs=', true],
    ['status.podIPs=10.244.1.5', false],
    ['spec.host=node-a', true],
    ['spec.hostNetwork=false', true],
  ];
  it.each(cases)('%j', (text, expected) => {
    expect(matchesFieldRequirements(checkFieldSelector('pods', parseFieldSelector(text)), fields)).toBe(expected);
  });
});
