import { describe, expect, it } from 'vitest';
import type { Service } from '../k8s/types';
import { projectService } from './projection';
import { chunkBounds, CHUNK_ROWS, FIRST_CHUNK_ROWS, ROW_RESET_LINE, RowStreamAssembler, rowChunkLine, rowEndLine, type RowStreamLine } from './row-stream';
import { LineSplitter } from '../text/lines';
import { createRowBuilder } from './rows';

const svc = (ns: string, name: string): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: ns, resourceVersion: '7', creationTimestamp: '2026-01-02T03:04:05Z', labels: { app: name } },
  spec: { type: 'ClusterIP', clusterIP: '10.96.0.9', clusterIPs: ['10.96.0.9'], ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] },
});

/** Feeds `text` to a splitter in pieces of `size` characters, as a network would cut it. */
function linesOf(text: string, size: number): RowStreamLine[] {
  const splitter = new LineSplitter();
  const out: RowStreamLine[] = [];
  for (let i = 0; i < text.length; i += size) for (const l of splitter.push(text.slice(i, i + size))) out.push(JSON.parse(l) as RowStreamLine);
  expect(splitter.pending).toBe('');
  return out;
}

describe('the streamed Service list', () => {
  it('chunks rows small first, then large, covering every row once', () => {
    expect(chunkBounds(0)).toEqual([]);
    const bounds = chunkBounds(5000);
    expect(bounds[0]).toEqual([0, FIRST_CHUNK_ROWS]);
    expect(bounds[1]).toEqual([FIRST_CHUNK_ROWS, FIRST_CHUNK_ROWS + CHUNK_ROWS]);
    expect(bounds.at(-1)?.[1]).toBe(5000);
    for (let i = 1; i < bounds.length; i++) expect(bounds[i][0]).toBe(bounds[i - 1][1]);
  });

  it('reassembles chunks cut anywhere into the list they carried, with its resourceVersion', () => {
    const items = [svc('a', 'one'), svc('b', 'two'), svc('a', 'three')].map(projectService);
    const text = rowChunkLine('42', items.slice(0, 2), 1) + rowChunkLine('42', items.slice(2), 0) + rowEndLine('42', 3);
    for (const size of [1, 7, 100, text.length]) {
      const list = new RowStreamAssembler();
      for (const line of linesOf(text, size)) list.accept(line);
      const result = list.result();
      expect(result.resourceVersion).toBe('42');
      expect(result.items.map((s) => `${s.metadata.namespace}/${s.metadata.name}`)).toEqual(['a/one', 'b/two', 'a/three']);
      expect(result.items[1].spec?.ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 8080 }]);
    }
  });

  it('a reset drops the rows before it; a missing end line or a wrong count is an error', () => {
    const list = new RowStreamAssembler();
    for (const line of linesOf(rowChunkLine('1', [projectService(svc('a', 'stale'))]) + ROW_RESET_LINE + rowChunkLine('9', [projectService(svc('a', 'fresh'))]), 13)) list.accept(line);
    expect(list.items.map((s) => s.metadata.name)).toEqual(['fresh']);
    expect(() => list.result()).toThrow(/cut off/);
    list.accept({ kind: 'ServiceRowEnd', resourceVersion: '9', count: 2 });
    expect(() => list.result()).toThrow(/announced 2 Services but carried 1/);
  });
});

describe('createRowBuilder', () => {
  it('warm builds rows ahead; the full build then returns those very rows', () => {
    const services = Array.from({ length: 50 }, (_, i) => svc('ns', `s-${i}`));
    const build = createRowBuilder();
    build.warm(services.slice(0, 30), new Map());
    const rows = build(services, new Map());
    const again = build(services, new Map());
    expect(rows.map((r) => r.name)).toEqual(services.map((s) => s.metadata.name));
    expect(again.every((r, i) => r === rows[i])).toBe(true);
    // A changed endpoint count rebuilds that row only.
    const withSelector = { ...services[3], spec: { ...services[3].spec, selector: { app: 's-3' } } };
    const next = [...services.slice(0, 3), withSelector, ...services.slice(4)];
    const first = build(next, new Map());
    const counted = build(next, new Map([['ns/s-3', { ready: 2, total: 2 }]]));
    expect(counted[3]).not.toBe(first[3]);
    expect(counted[3].endpoints).toEqual({ ready: 2, total: 2 });
    expect(counted[4]).toBe(first[4]);
  });
});
