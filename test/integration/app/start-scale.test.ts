/**
 * `npm start -- --embedded --scale N` (bin/porthole.ts): the embedded cluster starts with N more
 * Services and the list serves them; `--scale` against a real cluster, or a bad value, is refused
 * with a clear message.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServiceRowList } from '../../../lib/service-list/row-wire';
import { runPortholeCommand, startPortholeCommand, type StartedCommand } from '../../support/start-porthole-command';

const work = mkdtempSync(join(tmpdir(), 'porthole-start-scale-'));
let started: StartedCommand | undefined;

afterAll(async () => {
  await started?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('npm start --scale', () => {
  it('seeds the embedded cluster with N more Services, which the list serves', async () => {
    started = await startPortholeCommand(['--embedded', '--data-dir', join(work, 'data'), '--scale', '3000'], {}, 90_000);
    expect(started.output()).toMatch(/--scale 3000: created 3000 Services in/);
    const rows = (await (await fetch(new URL('/api/service-rows', started.url))).json()) as ServiceRowList;
    const scale = rows.items.filter(([, ns]) => rows.namespaces[ns].startsWith('scale-'));
    expect(scale).toHaveLength(3000);
    expect(rows.items.some(([, ns]) => rows.namespaces[ns] === 'demo')).toBe(true); // the demo data too
  });

  it('refuses --scale for a cluster it does not run, and a value that is not a count', async () => {
    const kubeconfig = join(work, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n',
    );
    const real = await runPortholeCommand(['--kubeconfig', kubeconfig, '--scale', '10']);
    expect(real.code).toBe(2);
    expect(real.output).toContain('--scale seeds the embedded cluster only; add --embedded to use it');
    const bad = await runPortholeCommand(['--embedded', '--scale', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('invalid --scale: lots');
  });
});
