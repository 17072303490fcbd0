import { describe, expect, it } from 'vitest';
import type { ServicePort } from '../k8s/types';
import { pod } from '../service-insight/test-fixtures';
import { offeredPorts, parseTargetPort, targetPortOf, targetPortWarnings } from './target-ports';

const a = pod('a', { labels: { app: 'x' }, ports: [{ name: 'http', containerPort: 8080 }, { name: 'metrics', containerPort: 9090 }] });
const b = pod('b', { labels: { app: 'x' }, ports: [{ name: 'http', containerPort: 8080 }] });
const c = pod('c', { labels: { app: 'x' }, ports: [{ name: 'dns', containerPort: 53, protocol: 'UDP' }] });
const sp = (targetPort: ServicePort['targetPort'], protocol: ServicePort['protocol'] = 'TCP'): ServicePort => ({ port: 80, targetPort, protocol });

describe('offeredPorts', () => {
  it('collects name, number and protocol with how many pods declare each', () => {
    expect(offeredPorts([a, b, c])).toEqual([
      { name: 'http', containerPort: 8080, protocol: 'TCP', pods: 2, containers: ['main'] },
      { name: 'dns', containerPort: 53, protocol: 'UDP', pods: 1, containers: ['main'] },
      { name: 'metrics', containerPort: 9090, protocol: 'TCP', pods: 1, containers: ['main'] },
    ]);
    expect(offeredPorts([])).toEqual([]);
  });
  it('picks the name when there is one, else the number', () => {
    const [http] = offeredPorts([a]);
    expect(targetPortOf(http)).toBe('http');
    expect(targetPortOf(http, false)).toBe(8080);
    expect(targetPortOf({ containerPort: 80, protocol: 'TCP', pods: 1, containers: [] })).toBe(80);
  });
  it('parses typed targetPorts', () => {
    expect(parseTargetPort('8080')).toBe(8080);
    expect(parseTargetPort(' http ')).toBe('http');
    expect(parseTargetPort('')).toBeUndefined();
  });
});

describe('targetPortWarnings', () => {
  it('is silent when every pod declares the name', () => {
    expect(targetPortWarnings(sp('http'), [a, b])).toEqual([]);
  });
  it('warns when only some pods declare the name', () => {
    const [w] = targetPortWarnings(sp('metrics'), [a, b]);
    expect(w.kind).toBe('unresolved-some');
    expect(w.message).toBe('Only 1 of 2 matching pods declare a TCP container port named "metrics"; b will get no traffic on this port.');
  });
  it('warns when no pod declares the name, with the reason', () => {
    const [w] = targetPortWarnings(sp('grpc'), [a, b]);
    expect(w.kind).toBe('unresolved-all');
    expect(w.message).toBe('No matching pod declares a TCP container port named "grpc" (declared: http, metrics): the Service will have no endpoints for this port.');
  });
  it('pods without named ports', () => {
    const bare = pod('bare', { labels: {}, ports: [{ containerPort: 80 }] });
    expect(targetPortWarnings(sp('http'), [bare])[0].message).toContain('"http" (the pods declare no named ports)');
  });
  it('a name declared with another protocol does not resolve', () => {
    const [w] = targetPortWarnings(sp('dns', 'TCP'), [c]);
    expect(w.kind).toBe('unresolved-all');
    expect(w.message).toContain('(the pods declare it as UDP)');
    expect(targetPortWarnings(sp('dns', 'UDP'), [c])).toEqual([]);
  });
  it('numbers: silent when declared, a warning when no pod declares them', () => {
    expect(targetPortWarnings(sp(8080), [a, b])).toEqual([]);
    expect(targetPortWarnings(sp(7000), [a])[0].kind).toBe('undeclared-number');
  });
  it('without pods a name cannot be checked', () => {
    expect(targetPortWarnings(sp('http'), [])[0].kind).toBe('no-pods');
    expect(targetPortWarnings(sp(80), [])).toEqual([]);
  });
  it('a name that resolves to different numbers', () => {
    const d = pod('d', { labels: {}, ports: [{ name: 'http', containerPort: 9000 }] });
    expect(targetPortWarnings(sp('http'), [a, d]).map((w) => w.kind)).toEqual(['several-ports']);
  });
});
