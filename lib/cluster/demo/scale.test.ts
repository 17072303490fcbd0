import { afterEach, describe, expect, it } from 'vitest';
import type { Service } from '../../k8s/types/service';
import { startInProcessCluster, type InProcessCluster } from '../controllers/in-process.test-support';
import { ApiError } from '../errors/api-error';
import { parseScale, scaleNamespace, scaleService, seedScaleServices, SCALE_FIELD_MANAGER } from './scale';

let cluster: InProcessCluster | undefined;
afterEach(() => cluster?.stop());

describe('seedScaleServices', () => {
  it('creates the Services over namespaces of 2,500, allocated, and only the missing ones on a second run', () => {
    cluster = startInProcessCluster();
    expect(seedScaleServices(cluster.api, 2600)).toBe(2600);
    const first = cluster.api.list<Service>('services', 'scale-01');
    expect(first).toHaveLength(2500);
    expect(cluster.api.list<Service>('services', 'scale-02')).toHaveLength(100);
    const withIP = first.filter((s) => s.spec?.clusterIP && s.spec.clusterIP !== 'None');
    expect(new Set(withIP.map((s) => s.spec?.clusterIP)).size).toBe(withIP.length);
    expect(seedScaleServices(cluster.api, 2600)).toBe(0);
    expect(seedScaleServices(cluster.api, 2700)).toBe(100);
  });

  it('createMany is all or none: one invalid Service and nothing is written', () => {
    cluster = startInProcessCluster();
    seedScaleServices(cluster.api, 1);
    const good = scaleService(5);
    const bad = scaleService(6);
    bad.spec = { ports: [{ port: 70_000 }] };
    expect(() => cluster?.api.createMany('services', [good, bad], { fieldManager: SCALE_FIELD_MANAGER })).toThrow(ApiError);
    expect(cluster.api.get('services', scaleNamespace(5), good.metadata.name ?? '')).toBeUndefined();
  });

  it('parseScale refuses what is not a whole number in range', () => {
    expect(parseScale('50000')).toBe(50_000);
    for (const v of ['-1', '1.5', 'many', '1000000', undefined]) expect(() => parseScale(v)).toThrow(/invalid --scale/);
  });
});
