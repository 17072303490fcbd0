import { describe, expect, it } from 'vitest';
import { draftTraffic } from './draft-traffic';
import { pod, svc } from './test-fixtures';

const http = [{ name: 'http', containerPort: 8080 }];
const pods = [pod('web-1', { labels: { app: 'web' }, ports: http }), pod('web-2', { labels: { app: 'web' }, ports: http })];
const ids = (t: ReturnType<typeof draftTraffic>) => ({ blockers: t.blockers.map((f) => f.id), warnings: t.warnings.map((f) => f.id), healthy: t.healthy?.id });

describe('draftTraffic: what the detail page would say, before Create (issue 18 item 1)', () => {
  it('no selector, no pod matches, a target port no pod declares: each blocks', () => {
    expect(ids(draftTraffic(svc('a', { ports: [{ port: 80 }] }), pods)).blockers).toEqual(['no-selector-no-endpoints']);
    expect(ids(draftTraffic(svc('a', { selector: { app: 'nothing' }, ports: [{ port: 80 }] }), pods)).blockers).toEqual(['selector-matches-nothing']);
    const htp = draftTraffic(svc('a', { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'htp' }] }), pods);
    expect(ids(htp).blockers).toEqual(['named-target-port-missing']);
    expect(htp.blockers[0].title).toBe('targetPort "htp" of port 80 is not declared by 2 of 2 matched pods');
  });
  it('a working draft is healthy; a load balancer not yet provisioned is no finding for a draft', () => {
    expect(ids(draftTraffic(svc('a', { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] }), pods))).toEqual({
      blockers: [],
      warnings: [],
      healthy: 'healthy',
    });
  });
  it('a numeric target port no container declares is a warning, not a blocker; ExternalName has neither', () => {
    expect(ids(draftTraffic(svc('a', { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 9999 }] }), pods)).warnings).toEqual(['numeric-target-port-undeclared']);
    expect(ids(draftTraffic(svc('a', { type: 'ExternalName', externalName: 'x.example.com' }), pods))).toEqual({ blockers: [], warnings: [], healthy: undefined });
  });
});
