import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/types/meta';
import { printTable } from '../printers';
import { tableText } from './table-encoding';

const now = new Date('2026-01-01T00:10:00Z');
const services: KubeObject[] = [
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'a', namespace: 'ns', creationTimestamp: '2026-01-01T00:00:00Z', labels: { x: 'y' } }, spec: { type: 'ClusterIP', clusterIP: '10.96.0.10', ports: [{ port: 80, protocol: 'TCP' }] } } as KubeObject,
  Object.freeze({ metadata: { name: 'b', namespace: 'ns', creationTimestamp: '2026-01-01T00:05:00Z' }, spec: { type: 'ExternalName', externalName: 'x.example.com' } } as KubeObject),
];

describe('tableText', () => {
  it.each(['None', 'Metadata', 'Object'] as const)('matches printTable for includeObject=%s', (includeObject) => {
    const listMeta = { resourceVersion: '7', continue: 'abc' };
    const text = tableText('services', services, { includeObject, now, listMeta, typeMeta: { apiVersion: 'v1', kind: 'Service' } });
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(printTable('services', services, { includeObject, now, listMeta }))));
  });
});
