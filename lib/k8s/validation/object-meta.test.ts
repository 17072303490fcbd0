import { describe, expect, it } from 'vitest';
import { formatFieldError } from '../field-errors';
import type { ObjectMeta } from '../types';
import { validateAnnotations, validateLabels } from './meta-maps';
import { nameIsDNS1035Label, nameIsDNSSubdomain } from './names';
import { validateFieldManager, validateObjectMeta, validateObjectMetaUpdate } from './object-meta';

const fmt = (errs: ReturnType<typeof validateObjectMeta>) => errs.map(formatFieldError);
const svcOpts = { namespaced: true, nameFn: nameIsDNS1035Label };
const QNAME_PART =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const DNS1035_ERR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

const createCases: [string, ObjectMeta, string[]][] = [
  ['valid', { name: 'web', namespace: 'default' }, []],
  ['missing name', { namespace: 'default' }, ['metadata.name: Required value: name or generateName is required']],
  ['bad name', { name: '1web', namespace: 'default' }, [`metadata.name: Invalid value: "1web": ${DNS1035_ERR}`]],
  [
    'bad generateName',
    { generateName: 'Web-', name: 'web-abcde', namespace: 'default' },
    [`metadata.generateName: Invalid value: "Web-": ${DNS1035_ERR}`],
  ],
  ['missing namespace', { name: 'web' }, ['metadata.namespace: Required value']],
  ['bad namespace', { name: 'web', namespace: 'Prod' }, [`metadata.namespace: Invalid value: "Prod": ${LABEL_ERR}`]],
  [
    'negative generation',
    { name: 'web', namespace: 'default', generation: -1 },
    ['metadata.generation: Invalid value: -1: must be greater than or equal to 0'],
  ],
  [
    'bad label key',
    { name: 'web', namespace: 'default', labels: { '-app': 'x' } },
    [`metadata.labels: Invalid value: "-app": name part ${QNAME_PART}`],
  ],
  [
    'bad annotation key',
    { name: 'web', namespace: 'default', annotations: { 'a b': 'x' } },
    [`metadata.annotations: Invalid value: "a b": name part ${QNAME_PART}`],
  ],
  ['upper-case annotation key is fine', { name: 'web', namespace: 'default', annotations: { 'Example.COM/Key': 'x' } }, []],
  [
    'owner reference missing fields',
    { name: 'web', namespace: 'default', ownerReferences: [{ apiVersion: '', kind: '', name: '', uid: '' }] },
    [
      'metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
      'metadata.ownerReferences.kind: Invalid value: "": must not be empty',
      'metadata.ownerReferences.name: Invalid value: "": must not be empty',
      'metadata.ownerReferences.uid: Invalid value: "": must not be empty',
    ],
  ],
  [
    'two controllers',
    {
      name: 'web',
      namespace: 'default',
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'a', uid: '1', controller: true },
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'b', uid: '2', controller: true },
      ],
    },
    [
      'metadata.ownerReferences: Invalid value: []v1.OwnerReference{v1.OwnerReference{APIVersion:"apps/v1", Kind:"Deployment", Name:"a", UID:"1", Controller:(*bool)(true), BlockOwnerDeletion:(*bool)(nil)}, v1.OwnerReference{APIVersion:"apps/v1", Kind:"ReplicaSet", Name:"b", UID:"2", Controller:(*bool)(true), BlockOwnerDeletion:(*bool)(nil)}}: Only one reference can have Controller set to true. Found "true" in references for Deployment/a and ReplicaSet/b',
    ],
  ],
  [
    'finalizer neither standard nor qualified',
    { name: 'web', namespace: 'default', finalizers: ['custom'] },
    ['metadata.finalizers[0]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified'],
  ],
  ['standard and qualified finalizers', { name: 'web', namespace: 'default', finalizers: ['kubernetes', 'example.com/f'] }, []],
  [
    'orphan with foregroundDeletion',
    { name: 'web', namespace: 'default', finalizers: ['orphan', 'foregroundDeletion'] },
    [
      'metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set',
    ],
  ],
  [
    'managedFields operation',
    { name: 'web', namespace: 'default', managedFields: [{ manager: 'kubectl', operation: 'Patch' as 'Apply' }] },
    ['metadata.managedFields[0].operation: Invalid value: "Patch": must be `Apply` or `Update`'],
  ],
];

describe('ValidateObjectMeta (create)', () => {
  it.each(createCases)('%s', (_n, meta, expected) => {
    expect(fmt(validateObjectMeta(meta, svcOpts))).toEqual(expected);
  });

  it('cluster-scoped kinds forbid a namespace', () => {
    expect(fmt(validateObjectMeta({ name: 'n1', namespace: 'x' }, { namespaced: false, nameFn: nameIsDNSSubdomain }))).toEqual([
      'metadata.namespace: Forbidden: not allowed on this type',
    ]);
  });
});

describe('ValidateFieldManager', () => {
  it.each([
    ['kubectl-client-side-apply', []],
    ['bad\u0007name', ['invalid character U+0007 (at position 3)']],
    ['x'.repeat(129), ['may not be more than 128 bytes']],
  ])('%j', (manager, expected) => {
    expect(validateFieldManager(manager, 'fieldManager').map((e) => e.detail)).toEqual(expected);
  });
});

describe('labels and annotations maps', () => {
  it('label value errors are reported at the map path', () => {
    expect(validateLabels({ app: 'a b' }, 'spec.selector').map(formatFieldError)).toEqual([
      `spec.selector: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    ]);
  });

  it('annotations over 256 KiB in total are too long', () => {
    const big = { a: 'x'.repeat(262144) };
    expect(validateAnnotations(big, 'metadata.annotations').map(formatFieldError)).toEqual([
      'metadata.annotations: Too long: may not be more than 262144 bytes',
    ]);
    expect(validateAnnotations({ a: 'x'.repeat(262143) }, 'metadata.annotations')).toEqual([]);
  });
});

describe('ValidateObjectMetaUpdate', () => {
  const old: ObjectMeta = {
    name: 'web',
    namespace: 'default',
    uid: 'u1',
    resourceVersion: '5',
    generation: 2,
    creationTimestamp: '2024-01-02T03:04:05Z',
  };
  const cases: [string, ObjectMeta, string[]][] = [
    ['unchanged', { ...old }, []],
    ['no resourceVersion', { ...old, resourceVersion: '' }, ['metadata.resourceVersion: Invalid value: "": must be specified for an update']],
    ['generation decremented', { ...old, generation: 1 }, ['metadata.generation: Invalid value: 1: must not be decremented']],
    ['name changed', { ...old, name: 'web2' }, ['metadata.name: Invalid value: "web2": field is immutable']],
    ['namespace changed', { ...old, namespace: 'other' }, ['metadata.namespace: Invalid value: "other": field is immutable']],
    ['uid changed', { ...old, uid: 'u2' }, ['metadata.uid: Invalid value: "u2": field is immutable']],
    [
      'creationTimestamp changed',
      { ...old, creationTimestamp: '2025-01-01T00:00:00Z' },
      ['metadata.creationTimestamp: Invalid value: 2025-01-01 00:00:00 +0000 UTC: field is immutable'],
    ],
  ];
  it.each(cases)('%s', (_n, next, expected) => {
    expect(validateObjectMetaUpdate(next, old).map(formatFieldError)).toEqual(expected);
  });

  it('no new finalizers while deleting', () => {
    const deleting = { ...old, deletionTimestamp: '2024-02-01T00:00:00Z', finalizers: ['kubernetes'] };
    const next = { ...deleting, finalizers: ['kubernetes', 'example.com/b', 'example.com/a'] };
    expect(validateObjectMetaUpdate(next, deleting).map(formatFieldError)).toEqual([
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/a", "example.com/b"}',
    ]);
  });
});
