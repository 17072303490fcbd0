/**
 * `--auth proxy` as a user runs it (`npm start -- --embedded --auth proxy --trusted-proxies ...`):
 * user/group headers are believed only from a trusted proxy address, and Porthole then acts for that
 * user through Kubernetes impersonation (the embedded cluster's admin may impersonate). The same
 * headers from another address (127.0.0.2: another loopback address) are ignored and logged, and the
 * request runs as no one. Credentials the browser sends never reach the API server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceList, Status } from '../../../lib/k8s/types';
import { runPortholeCommand, startPortholeCommand, type StartedCommand } from '../../support/start-porthole-command';
import { raw, type RawResponse } from './raw-http';


let porthole: StartedCommand;
let port: number;
let nextPort: number;
let data: string;
const output = (): string => porthole.output();

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'porthole-proxy-it-'));
  porthole = await startPortholeCommand(['--embedded', '--data-dir', data, '--auth', 'proxy', '--trusted-proxies', '127.0.0.1/32']);
  port = porthole.port;
  nextPort = Number(/Next server on 127\.0\.0\.1:(\d+)/.exec(output())?.[1]);
}, 180_000);

afterAll(async () => {
  await porthole?.stop();
  if (data) rmSync(data, { recursive: true, force: true });
});

const ORIGIN = () => `http://127.0.0.1:${port}`;

function request(opts: { path: string; method?: string; headers?: Record<string, string>; body?: string; from?: string; to?: number }): Promise<RawResponse> {
  return raw({
    port: opts.to ?? port,
    method: opts.method,
    path: opts.path,
    localAddress: opts.from,
    body: opts.body,
    headers: { Host: `127.0.0.1:${port}`, Origin: ORIGIN(), ...(opts.body ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
  });
}

const service = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }] } });
const status = (res: RawResponse) => JSON.parse(res.body) as Status;

describe('--auth proxy', () => {
  it('from the trusted proxy, acts as the named user: the viewer reads, and may not create (403 passed through)', async () => {
    const who = { 'X-Remote-User': 'viewer', 'X-Remote-Group': 'porthole:viewers' };
    const list = await request({ path: '/api/namespaces/demo/services', headers: who });
    expect(list.status).toBe(200);
    expect((JSON.parse(list.body) as ServiceList).items.length).toBeGreaterThan(0);
    const session = await request({ path: '/api/session', headers: who });
    expect(JSON.parse(session.body)).toEqual({ auth: 'proxy', user: 'viewer', groups: ['porthole:viewers'] });
    const refused = await request({ path: '/api/namespaces/demo/services', method: 'POST', headers: who, body: service('by-viewer') });
    expect(refused.status).toBe(403);
    expect(status(refused).message).toContain('User "viewer" cannot create resource "services"');
  });

  it('the groups the proxy names are impersonated too', async () => {
    const who = { 'X-Remote-User': 'alice', 'X-Remote-Group': 'system:masters' };
    const created = await request({ path: '/api/namespaces/demo/services', method: 'POST', headers: who, body: service('by-alice') });
    expect(created.status).toBe(201);
    const gone = await request({ path: '/api/namespaces/demo/services/by-alice', method: 'DELETE', headers: who });
    expect(gone.status).toBe(200);
  });

  it('the watch stream passes through the front as it comes, as the named user', async () => {
    const res = await raw({
      port,
      path: '/api/watch?watch=services:demo',
      headers: { Host: `127.0.0.1:${port}`, 'X-Remote-User': 'viewer' },
      maxBodyBytes: 200,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toContain('event: ');
  });

  it('without a user it acts as no one: 401, never the kubeconfig identity; pages go to the page saying why', async () => {
    const res = await request({ path: '/api/services' });
    expect(res.status).toBe(401);
    expect(status(res).reason).toBe('Unauthorized');
    const page = await request({ path: '/services' });
    expect(page.status).toBe(303);
    expect(page.headers.location).toMatch(/\/signin\?reason=no-user$/);
  });

  it('ignores and logs the headers from an address that is not a trusted proxy', async () => {
    const before = output().length;
    const res = await request({ path: '/api/services', from: '127.0.0.2', headers: { 'X-Remote-User': 'admin', 'X-Remote-Group': 'system:masters' } });
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(output().slice(before)).toMatch(/ignored x-remote-user, x-remote-group from 127\.0\.0\.2/);
  });

  it('a request straight to the internal Next port cannot forge the front\'s stamp', async () => {
    expect(nextPort).toBeGreaterThan(0);
    const before = output().length;
    const res = await request({
      to: nextPort,
      path: '/api/services',
      headers: { 'X-Remote-User': 'admin', 'X-Remote-Group': 'system:masters', 'X-Porthole-Peer': '127.0.0.1', 'X-Porthole-Peer-Proof': 'guess' },
    });
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(output().slice(before)).toMatch(/ignored x-remote-user\/x-remote-group/);
  });

  it('credentials the browser sends (Authorization, Impersonate-*) never reach the API server', async () => {
    const res = await request({
      path: '/api/namespaces/demo/services',
      method: 'POST',
      body: service('escalated'),
      headers: {
        'X-Remote-User': 'viewer',
        Authorization: 'Bearer porthole-admin-token',
        'Impersonate-User': 'admin',
        'Impersonate-Group': 'system:masters',
      },
    });
    expect(res.status).toBe(403);
    expect(status(res).message).toContain('User "viewer"');
  });
});

describe('sign-in flags', () => {
  it('refuses bad values with a clear message before starting anything', async () => {
    const keyFile = join(data, 'short.key');
    writeFileSync(keyFile, Buffer.alloc(16).toString('base64'));
    const cases: [string[], RegExp][] = [
      [['--auth', 'magic'], /--auth: unknown auth mode "magic"/],
      [['--auth', 'token', '--session-key-file', keyFile], /--session-key-file: a session key must be 32 bytes/],
      [['--auth', 'token', '--session-idle', 'soon'], /--session-idle: "soon" is not a duration/],
      [['--auth', 'proxy', '--trusted-proxies', '10.0.0.0/99'], /--trusted-proxies: "10.0.0.0\/99" has an invalid prefix length/],
      [['--auth', 'proxy', '--embedded', '--data-dir', join(data, 'x')], /--auth proxy needs --trusted-proxies/],
    ];
    for (const [args, message] of cases) {
      const r = await runPortholeCommand(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.output).toMatch(message);
    }
  });
});
