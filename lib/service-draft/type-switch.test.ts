import { describe, expect, it } from 'vitest';
import { checkServiceDraft, type ServiceFieldName, type ServiceKind } from '../service';
import { FULL_DRAFTS } from './switch-fixtures';
import { ALL_KINDS, switchServiceKind } from './type-switch';

interface Row {
  /** Spec fields (nodePort = every port's) the transition rules remove. */
  dropped: string[];
  mustClear: ServiceFieldName[];
  mustFill: ServiceFieldName[];
}

const IPS = ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy'];
/**
 * ExternalName Services have no internal traffic policy: the strategy clears it (kube-apiserver v1.32).
 * Their selector picks no pods: it must be cleared by hand (lib/service/ignored-fields.ts).
 */
const TO_EXTERNAL_NAME = [...IPS, 'internalTrafficPolicy'];
const LB = ['healthCheckNodePort', 'allocateLoadBalancerNodePorts', 'loadBalancerClass'];
const none: Row = { dropped: [], mustClear: [], mustFill: [] };

/** Every ordered pair of the five kinds: what the API server's type-transition rules do. */
const TABLE: Record<ServiceKind, Partial<Record<ServiceKind, Row>>> = {
  ClusterIP: {
    headless: none,
    NodePort: none,
    LoadBalancer: none,
    ExternalName: { dropped: TO_EXTERNAL_NAME, mustClear: ['selector'], mustFill: ['externalName'] },
  },
  headless: {
    ClusterIP: none,
    NodePort: none,
    LoadBalancer: none,
    ExternalName: { dropped: TO_EXTERNAL_NAME, mustClear: ['selector'], mustFill: ['externalName'] },
  },
  NodePort: {
    ClusterIP: { dropped: ['externalTrafficPolicy', 'nodePort'], mustClear: [], mustFill: [] },
    headless: { dropped: ['externalTrafficPolicy', 'nodePort'], mustClear: [], mustFill: [] },
    LoadBalancer: none,
    ExternalName: { dropped: [...TO_EXTERNAL_NAME, 'externalTrafficPolicy', 'nodePort'], mustClear: ['selector'], mustFill: ['externalName'] },
  },
  LoadBalancer: {
    ClusterIP: { dropped: ['externalTrafficPolicy', ...LB, 'nodePort'], mustClear: ['loadBalancerSourceRanges'], mustFill: [] },
    headless: { dropped: ['externalTrafficPolicy', ...LB, 'nodePort'], mustClear: ['loadBalancerSourceRanges'], mustFill: [] },
    NodePort: { dropped: LB, mustClear: ['loadBalancerSourceRanges'], mustFill: [] },
    ExternalName: { dropped: [...TO_EXTERNAL_NAME, 'externalTrafficPolicy', ...LB, 'nodePort'], mustClear: ['selector', 'loadBalancerSourceRanges'], mustFill: ['externalName'] },
  },
  ExternalName: {
    ClusterIP: { dropped: [], mustClear: ['externalName'], mustFill: [] },
    headless: { dropped: [], mustClear: ['externalName'], mustFill: [] },
    NodePort: { dropped: [], mustClear: ['externalName'], mustFill: [] },
    LoadBalancer: { dropped: [], mustClear: ['externalName'], mustFill: [] },
  },
};

const pairs = ALL_KINDS.flatMap((from) => ALL_KINDS.filter((to) => to !== from).map((to) => [from, to] as const));

describe('type switch table (every pair of kinds, both directions)', () => {
  it('covers all 20 ordered pairs', () => {
    expect(pairs).toHaveLength(20);
    for (const [from, to] of pairs) expect(TABLE[from][to], `${from}→${to}`).toBeDefined();
  });

  it.each(pairs)('%s → %s', (from, to) => {
    const before = FULL_DRAFTS[from]();
    const sw = switchServiceKind(before, to);
    const row = TABLE[from][to]!;
    expect(sw.from).toBe(from);
    expect(sw.to).toBe(to);
    expect(sw.service.spec?.type).toBe(to === 'headless' ? 'ClusterIP' : to);
    expect(sw.dropped.map((c) => c.field).sort()).toEqual([...row.dropped].sort());
    expect(sw.mustClear).toEqual(row.mustClear);
    expect(sw.mustFill).toEqual(row.mustFill);
    // Kept: the rest stays as it was (selector, ports apart from node ports, annotations).
    expect(sw.service.spec?.selector).toEqual({ app: 'web' });
    expect(sw.service.spec?.ports?.map((p) => ({ ...p, nodePort: undefined }))).toEqual(before.spec?.ports?.map((p) => ({ ...p, nodePort: undefined })));
    expect(sw.service.metadata).toEqual(before.metadata);
    // Headless is clusterIP None; leaving it leaves the address to the allocator.
    if (to === 'headless') expect(sw.service.spec?.clusterIPs).toEqual(['None']);
    if (from === 'headless' && to !== 'ExternalName') expect(sw.service.spec?.clusterIP).toBeUndefined();
    if (from !== 'headless' && from !== 'ExternalName' && to !== 'headless' && to !== 'ExternalName') {
      expect(sw.service.spec?.clusterIP).toBe('10.96.0.10');
    }
    // Undo: the switch keeps the draft as it was, untouched.
    expect(sw.before).toEqual(FULL_DRAFTS[from]());
    // One line.
    expect(sw.summary).toMatch(new RegExp(`^Switched ${from} → ${to}`));
    expect(sw.summary).not.toContain('\n');
  });

  it.each(pairs)('after %s → %s the shared rules complain only about what is left to clear or fill', (from, to) => {
    const sw = switchServiceKind(FULL_DRAFTS[from](), to);
    const fields = checkServiceDraft(sw.service).errors.map((e) => e.field.replace(/^spec\./, '').replace(/\[.*$/, ''));
    const allowed = new Set<string>([...sw.mustClear, ...sw.mustFill, 'LoadBalancerSourceRanges']);
    expect(fields.filter((f) => !allowed.has(f))).toEqual([]);
    if (sw.mustFill.length + sw.mustClear.length === 0) expect(fields).toEqual([]);
  });

  it('says what changed in one line', () => {
    expect(switchServiceKind(FULL_DRAFTS.NodePort(), 'ClusterIP').summary).toBe(
      'Switched NodePort → ClusterIP; dropped externalTrafficPolicy (Cluster), node ports (30080); kept ports, pod selector, cluster ip, ip families, ip family policy, session affinity, internal traffic policy.',
    );
    expect(switchServiceKind(FULL_DRAFTS.headless(), 'NodePort').summary).toContain('set clusterIP to be allocated');
  });
});
