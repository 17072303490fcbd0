/**
 * The kubectl command Porthole shows for each action does what the action does (issue 21): two
 * copies of one starting state (the same Service in two namespaces), the action through Porthole's
 * route on one, the shown command run by a POSIX shell with the real kubectl on the other, then the
 * same spec, labels and annotations (server-allocated fields aside) — and the same refusal where
 * the action carries a precondition (a stale resourceVersion, a re-created Service's uid).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubectlCommand, KubectlTarget } from '../../../lib/kubectl-command/command';
import { createCommand, replaceCommand, restoreCommand, serverSideApplyCommand } from '../../../lib/kubectl-command/object-commands';
import { deleteCommand, metadataCommand } from '../../../lib/kubectl-command/service-commands';
import type { Service } from '../../../lib/k8s/types';
import { startAppStack, type AppStack } from './stack';

let stack: AppStack;
let home: string;
const UI = 'it-kubectl-ui';
const CLI = 'it-kubectl-cli';
const target = (namespace: string): KubectlTarget => ({ namespace, context: 'porthole-admin' });
const HOSTILE = `it's "$HOME" \`id\` $(id) \\ \n\tsecond line\nEOF`;

beforeAll(async () => {
  stack = await startAppStack();
  home = mkdtempSync(join(tmpdir(), 'porthole-kubectl-it-'));
  for (const name of [UI, CLI]) await stack.kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

/** The command's text, as pasted into `sh`, with the test cluster's kubeconfig. */
function runShown(cmd: KubectlCommand): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const p = spawn('sh', ['-c', cmd.text], { env: { ...process.env, KUBECONFIG: stack.kubeconfigPath, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (out += c.toString()));
    p.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

async function porthole(method: string, path: string, body?: unknown, contentType = 'application/json') {
  const res = await fetch(stack.url + path, {
    method,
    headers: body !== undefined ? { 'Content-Type': contentType } : {},
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Service };
}

const routeOf = (ns: string, name?: string) => `/api/namespaces/${ns}/services${name ? `/${name}` : ''}`;

async function read(ns: string, name: string): Promise<Service | undefined> {
  const res = await stack.kube('GET', `/api/v1/namespaces/${ns}/services/${name}`);
  return res.status === 200 ? ((await res.json()) as Service) : undefined;
}

function starting(name: string, ns: string): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: ns, labels: { app: name, tier: 'front' }, annotations: { note: HOSTILE, owner: 'team-a' } },
    spec: { type: 'NodePort', selector: { app: name }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
  };
}

/** The same starting Service in both namespaces. */
async function twins(name: string): Promise<[Service, Service]> {
  const made: Service[] = [];
  for (const ns of [UI, CLI]) {
    const res = await stack.kube('POST', `/api/v1/namespaces/${ns}/services`, starting(name, ns));
    expect(res.status).toBe(201);
    made.push((await res.json()) as Service);
  }
  return [made[0], made[1]];
}

/** What must agree: spec without what the server allocates, labels, annotations. */
function comparable(svc: Service | undefined) {
  if (!svc) return undefined;
  const { clusterIP: _ip, clusterIPs: _ips, healthCheckNodePort: _hc, ports, ...spec } = svc.spec ?? {};
  return {
    spec: { ...spec, ports: (ports ?? []).map(({ nodePort: _np, ...p }) => p) },
    labels: svc.metadata.labels,
    annotations: svc.metadata.annotations,
  };
}

async function expectSame(name: string) {
  const [a, b] = [await read(UI, name), await read(CLI, name)];
  expect(comparable(b)).toEqual(comparable(a));
}

const inNs = (svc: Service, ns: string): Service => ({ ...svc, metadata: { ...svc.metadata, namespace: ns } });

describe('the shown kubectl command does what the action does', () => {
  it('create, and its dry run (nothing created)', async () => {
    const dry = await porthole('POST', `${routeOf(UI)}?dryRun=All&fieldValidation=Strict`, starting('made-dry', UI));
    expect(dry.status).toBe(201);
    const dryRun = await runShown(createCommand(starting('made-dry', CLI), target(CLI), { dryRun: true }));
    expect(dryRun.code, dryRun.out).toBe(0);
    expect(await read(UI, 'made-dry')).toBeUndefined();
    expect(await read(CLI, 'made-dry')).toBeUndefined();

    expect((await porthole('POST', `${routeOf(UI)}?fieldValidation=Strict`, starting('made', UI))).status).toBe(201);
    const run = await runShown(createCommand(starting('made', CLI), target(CLI)));
    expect(run.code, run.out).toBe(0);
    expect((await read(CLI, 'made'))?.metadata.annotations?.note).toBe(HOSTILE);
    await expectSame('made');
  });

  it('replace with the resourceVersion precondition; a stale one is refused by both', async () => {
    const [a, b] = await twins('replaced');
    const edit = (s: Service): Service => ({
      ...s,
      metadata: { ...s.metadata, labels: { app: 'replaced', added: 'yes' } },
      spec: { ...s.spec, ports: [{ name: 'http', port: 80, targetPort: 9090 }] },
    });
    const dry = await runShown(replaceCommand(edit(b), target(CLI), { dryRun: true }));
    expect(dry.code, dry.out).toBe(0);
    expect((await read(CLI, 'replaced'))?.metadata.resourceVersion).toBe(b.metadata.resourceVersion);

    expect((await porthole('PUT', routeOf(UI, 'replaced'), edit(a))).status).toBe(200);
    const run = await runShown(replaceCommand(edit(b), target(CLI)));
    expect(run.code, run.out).toBe(0);
    await expectSame('replaced');

    // Both copies moved on: the loaded resourceVersions are stale now.
    expect((await porthole('PUT', routeOf(UI, 'replaced'), a)).status).toBe(409);
    const stale = await runShown(replaceCommand(b, target(CLI)));
    expect(stale.code).not.toBe(0);
    expect(stale.out).toMatch(/Conflict|the object has been modified/);
    await expectSame('replaced');
  });

  it('restore of an earlier version on top of the live one', async () => {
    const [a, b] = await twins('restored');
    const changed = (s: Service): Service => ({ ...s, spec: { ...s.spec, ports: [{ name: 'http', port: 81, targetPort: 1 }] } });
    const liveA = (await porthole('PUT', routeOf(UI, 'restored'), changed(a))).body;
    const liveB = (await porthole('PUT', routeOf(CLI, 'restored'), changed(b))).body;
    expect((await porthole('PUT', routeOf(UI, 'restored'), { ...a, metadata: { ...a.metadata, resourceVersion: liveA.metadata.resourceVersion } })).status).toBe(200);
    const run = await runShown(restoreCommand(b, liveB.metadata.resourceVersion!, target(CLI)));
    expect(run.code, run.out).toBe(0);
    await expectSame('restored');
    expect((await read(CLI, 'restored'))?.spec?.ports?.[0].port).toBe(80);
  });

  it('server-side apply as field manager porthole', async () => {
    const [a, b] = await twins('applied');
    const edited = (s: Service): Service => ({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'applied', namespace: s.metadata.namespace, labels: { app: 'applied', via: 'apply' } },
      spec: { selector: { app: 'applied' }, ports: [{ name: 'http', port: 80, targetPort: 7070 }] },
    });
    const res = await porthole('PATCH', `${routeOf(UI, 'applied')}?fieldManager=porthole&force=true`, JSON.stringify(edited(a)), 'application/apply-patch+yaml');
    expect(res.status).toBe(200);
    const run = await runShown(serverSideApplyCommand(edited(inNs(b, CLI)), target(CLI), { fieldManager: 'porthole', force: true }));
    expect(run.code, run.out).toBe(0);
    await expectSame('applied');
    const managers = (await read(CLI, 'applied'))?.metadata.managedFields?.map((m) => `${m.manager}/${m.operation}`);
    expect(managers).toContain('porthole/Apply');
  });

  it('labels and annotations: a merge patch with resourceVersion, removals, hostile values; a stale one refused', async () => {
    const [a, b] = await twins('meta');
    const labels = { tier: null, env: 'prod' };
    const annotations = { owner: null, note: `${HOSTILE}\n'again'`, 'example.com/x-y': 'a=b' };
    let rvA = a.metadata.resourceVersion!;
    let rvB = b.metadata.resourceVersion!;
    for (const [which, change] of [
      ['labels', labels],
      ['annotations', annotations],
    ] as const) {
      const res = await porthole('PATCH', routeOf(UI, 'meta'), { metadata: { resourceVersion: rvA, [which]: change } }, 'application/merge-patch+json');
      expect(res.status).toBe(200);
      rvA = res.body.metadata.resourceVersion!;
      const run = await runShown(metadataCommand('meta', which, change, rvB, target(CLI)));
      expect(run.code, run.out).toBe(0);
      rvB = (await read(CLI, 'meta'))!.metadata.resourceVersion!;
    }
    await expectSame('meta');
    expect((await read(CLI, 'meta'))?.metadata.annotations?.note).toBe(annotations.note);

    const stale = await runShown(metadataCommand('meta', 'labels', { env: 'stale' }, b.metadata.resourceVersion!, target(CLI)));
    expect(stale.code).not.toBe(0);
    expect(stale.out).toMatch(/Conflict|the object has been modified/);
    expect((await read(CLI, 'meta'))?.metadata.labels?.env).toBe('prod');
  });

  it('delete with the uid precondition: a Service re-created under the name is not deleted', async () => {
    const [a, b] = await twins('doomed');
    // The CLI copy is deleted and re-created meanwhile: the command shown for the loaded one must refuse.
    expect((await stack.kube('DELETE', `/api/v1/namespaces/${CLI}/services/doomed`)).status).toBe(200);
    expect((await stack.kube('POST', `/api/v1/namespaces/${CLI}/services`, starting('doomed', CLI))).status).toBe(201);
    const stale = await runShown(deleteCommand(b, target(CLI)));
    expect(stale.code).not.toBe(0);
    expect(stale.out).toContain('the UID in the precondition');
    expect(await read(CLI, 'doomed')).toBeDefined();

    const res = await porthole('DELETE', routeOf(UI, 'doomed'), { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: a.metadata.uid } });
    expect(res.status).toBe(200);
    const run = await runShown(deleteCommand((await read(CLI, 'doomed'))!, target(CLI)));
    expect(run.code, run.out).toBe(0);
    expect(await read(UI, 'doomed')).toBeUndefined();
    expect(await read(CLI, 'doomed')).toBeUndefined();
  });
});
