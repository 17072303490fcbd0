/**
 * The standalone server the container image runs (`node server.js` from `output: 'standalone'`, see the
 * Dockerfile), built once into .porthole/standalone-build (PORTHOLE_STANDALONE=1 PORTHOLE_DIST_DIR=...)
 * beside the `next start` build, and started as a child process for integration tests. Rebuilt when the
 * sources changed since (its build id is their hash, lib/build/source-hash.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from '../../lib/build/source-hash';
import { freePort, serverChild, type PortholeServer } from './start-porthole';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NEXT_BIN = join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
const DIST = '.porthole/standalone-build';
const SERVER = join(ROOT, DIST, 'standalone', 'server.js');

/** Builds the standalone server unless it exists and was made from the sources now in the tree (2-4 min). */
export function ensureStandaloneBuild(): void {
  if (existsSync(SERVER) && !staleBuildReason(ROOT, DIST)) return;
  mkdirSync(join(ROOT, '.porthole'), { recursive: true });
  // Next adds its type folders to the tsconfig it uses: give it one of its own, not tsconfig.json.
  writeFileSync(join(ROOT, `${DIST}.tsconfig.json`), JSON.stringify({ extends: '../tsconfig.json' }, null, 2));
  const r = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PORTHOLE_STANDALONE: '1', PORTHOLE_DIST_DIR: DIST },
  });
  if (r.status !== 0 || !existsSync(SERVER)) throw new Error('the standalone build failed');
}

/** `node server.js` on a free loopback port with `env` (and nothing of a kubeconfig unless given). */
export async function startStandalone(env: Record<string, string>): Promise<PortholeServer> {
  ensureStandaloneBuild();
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    cwd: dirname(SERVER),
    env: { PATH: process.env.PATH, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), HOSTNAME: '127.0.0.1', PORTHOLE_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return serverChild(child, port, '/healthz', 'server.js');
}
