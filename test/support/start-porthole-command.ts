/**
 * `npm start` (bin/porthole.ts) as a user runs it, as a child process on a free loopback port: for
 * tests of the start command itself and of modes only it sets up (the `--auth proxy` front, the
 * embedded cluster started with Porthole). HOME is a fresh directory and KUBECONFIG empty unless given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, freePort } from './start-porthole';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY = /Porthole is ready: open (\S+)/;

export interface StartedCommand {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startPortholeCommand(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<StartedCommand> {
  ensureBuild();
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'porthole-home-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/porthole.ts', '--port', String(port), ...args], {
    cwd: ROOT,
    env: { ...process.env, KUBECONFIG: '', HOME: home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  child.once('exit', () => rmSync(home, { recursive: true, force: true }));
  const deadline = Date.now() + timeoutMs;
  while (!READY.test(output)) {
    if (child.exitCode !== null) throw new Error(`porthole exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`porthole did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    port,
    url: READY.exec(output)![1],
    output: () => output,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null) return r(child.exitCode);
        child.once('exit', (code) => r(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Runs `npm start` with `args` until it exits by itself (e.g. refusing a flag): its exit code and output. */
export function runPortholeCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'bin/porthole.ts', ...args], { cwd: ROOT, env: { ...process.env, KUBECONFIG: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    p.stdout?.on('data', (c: Buffer) => (text += c.toString()));
    p.stderr?.on('data', (c: Buffer) => (text += c.toString()));
    p.once('exit', (code) => done({ code, output: text }));
  });
}
