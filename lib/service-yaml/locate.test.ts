import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { locateField } from './locate';

function at(text: string, field: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  return locateField(doc, lineCounter, text, field);
}

const BLOCK = `apiVersion: v1
kind: Service
metadata:
  name: web # the front end
  annotations:
    example.com/owner: team-a
spec:
  # ports the Service exposes
  ports:
    - name: http
      port: 80
      targetPort: 8080
    - name: https
      port: 443
      targetPort: https
  selector: { app: web, "tier": 'front' }
  clusterIPs: [10.0.0.1, "fd00::1"]
`;

describe('field path → line/column', () => {
  it('finds a key of a nested map and marks key and value on one line', () => {
    const loc = at(BLOCK, 'metadata.name');
    expect(loc.exact).toBe(true);
    expect(loc.range).toEqual({ startLine: 4, startColumn: 3, endLine: 4, endColumn: 12 });
  });

  it('finds a field inside the second list item, skipping comments', () => {
    const loc = at(BLOCK, 'spec.ports[1].targetPort');
    expect(loc.range.startLine).toBe(15);
    expect(loc.range.startColumn).toBe(7);
    expect(BLOCK.split('\n')[14].slice(loc.range.startColumn - 1, loc.range.endColumn - 1)).toBe('targetPort: https');
  });

  it('marks a list item itself on its first line', () => {
    const loc = at(BLOCK, 'spec.ports[0]');
    expect(loc.range.startLine).toBe(10);
    expect(loc.range.endLine).toBe(10);
  });

  it('marks only the key line of a block value', () => {
    const loc = at(BLOCK, 'spec.ports');
    expect(loc.range).toMatchObject({ startLine: 9, endLine: 9, startColumn: 3 });
  });

  it('finds keys in flow maps, quoted keys and flow sequences', () => {
    expect(at(BLOCK, 'spec.selector.tier').range).toMatchObject({ startLine: 16 });
    const tier = at(BLOCK, 'spec.selector.tier').range;
    expect(BLOCK.split('\n')[15].slice(tier.startColumn - 1, tier.endColumn - 1)).toBe(`"tier": 'front'`);
    const ip = at(BLOCK, 'spec.clusterIPs[1]').range;
    expect(BLOCK.split('\n')[16].slice(ip.startColumn - 1, ip.endColumn - 1)).toBe('"fd00::1"');
  });

  it('finds keys with dots and slashes given in brackets', () => {
    const loc = at(BLOCK, 'metadata.annotations[example.com/owner]');
    expect(loc.exact).toBe(true);
    expect(loc.range.startLine).toBe(6);
  });

  it('points a missing field at its deepest existing parent', () => {
    const loc = at(BLOCK, 'spec.ports[1].nodePort');
    expect(loc.exact).toBe(false);
    expect(loc.resolved).toBe(3);
    expect(loc.range.startLine).toBe(13);
  });

  it("maps the server's odd paths (LoadBalancerSourceRanges, allocateLoadBalancerNodePorts)", () => {
    const text = 'spec:\n  loadBalancerSourceRanges: [1.2.3.4/8]\n  allocateLoadBalancerNodePorts: false\n';
    expect(at(text, 'spec.LoadBalancerSourceRanges[0]').range.startLine).toBe(2);
    expect(at(text, 'allocateLoadBalancerNodePorts').range.startLine).toBe(3);
  });

  it('works on JSON text', () => {
    const json = '{\n  "apiVersion": "v1",\n  "spec": {\n    "ports": [\n      {"port": 70000}\n    ]\n  }\n}\n';
    const loc = at(json, 'spec.ports[0].port');
    expect(loc.exact).toBe(true);
    expect(loc.range).toMatchObject({ startLine: 5, startColumn: 8 });
  });

  it('falls back to the document start when nothing matches', () => {
    expect(at('', 'spec.type').range).toEqual({ startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 });
  });
});

describe('fields the server names differently from the text', () => {
  it('spec.clusterIPs[0] points at spec.clusterIP when only that is written', () => {
    const text = 'spec:\n  type: NodePort\n  clusterIP: None\n';
    expect(at(text, 'spec.clusterIPs[0]').range.startLine).toBe(3);
    expect(at('spec:\n  clusterIPs:\n    - None\n', 'spec.clusterIPs[0]').range.startLine).toBe(3);
  });
});
