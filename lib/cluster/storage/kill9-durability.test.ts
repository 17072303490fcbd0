/**
 * A real crash test: a child process commits transactions in a tight loop and prints each
 * acknowledged one; it is SIGKILLed mid-stream; the reopened store must hold every acknowledged
 * write, each transaction all-or-nothing, and continue with higher resourceVersions.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, it, expect } from 'vitest';
import { openStore } from './index';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const writer = (indexUrl: string) => `
import { openStore } from ${JSON.stringify(indexUrl)};
const store = openStore({ dataDir: process.argv[2] });
for (let i = 0; i < 1_000_000; i++) {
  const rv = store.transact((tx) => {
    tx.create('events', { apiVersion: 'v1', kind: 'Event', metadata: { name: 'a-' + i, namespace: 'crash' }, message: 'x'.repeat(200) });
    tx.create('events', { apiVersion: 'v1', kind: 'Event', metadata: { name: 'b-' + i, namespace: 'crash' }, message: 'y'.repeat(200) });
    const counter = tx.get('events', 'crash', 'counter');
    const next = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'counter', namespace: 'crash' }, count: i };
    return (counter ? tx.update('events', next) : tx.create('events', next)).metadata.resourceVersion;
  });
  process.stdout.write(i + ' ' + rv + '\\n');
}
`;

describe('durability', () => {
  it('keeps every acknowledged write across kill -9', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porthole-kill9-'));
    dirs.push(dir);
    const script = path.join(dir, 'writer.ts');
    fs.writeFileSync(script, writer(pathToFileURL(path.join(here, 'index.ts')).href));
    const dataDir = path.join(dir, 'data');

    // node --import tsx (one process; the tsx CLI would fork a child that survives our SIGKILL)
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked = new Map<number, number>();
    let stderr = '';
    let buffer = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`writer too slow; stderr: ${stderr}`)), 40_000);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          const [i, rv] = line.split(' ').map(Number);
          acked.set(i, rv);
        }
        if (acked.size >= 1500 && !child.killed) {
          child.kill('SIGKILL');
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => {
        clearTimeout(timer);
        if (!child.killed) reject(new Error(`writer exited early; stderr: ${stderr}`));
      });
    });
    expect(await exited).toBe('SIGKILL');

    const store = openStore({ dataDir });
    try {
      let maxAcked = 0;
      for (const [i, rv] of acked) {
        maxAcked = Math.max(maxAcked, rv);
        expect(store.get('events', 'crash', `a-${i}`)?.metadata.resourceVersion).toBe(String(rv - 2));
        expect(store.get('events', 'crash', `b-${i}`)?.metadata.resourceVersion).toBe(String(rv - 1));
      }
      // all-or-nothing: every stored a-i has its b-i, and the counter matches the last stored transaction
      const stored = store.list('events', 'crash');
      const aNames = stored.filter((o) => o.metadata.name?.startsWith('a-')).map((o) => o.metadata.name?.slice(2));
      const bNames = new Set(stored.filter((o) => o.metadata.name?.startsWith('b-')).map((o) => o.metadata.name?.slice(2)));
      expect(aNames.every((n) => bNames.has(n))).toBe(true);
      expect(bNames.size).toBe(aNames.length);
      const counter = store.get('events', 'crash', 'counter') as unknown as { count: number };
      expect(counter.count).toBe(aNames.length - 1);
      expect(counter.count).toBeGreaterThanOrEqual(Math.max(...acked.keys()));
      expect(store.currentResourceVersion()).toBeGreaterThanOrEqual(maxAcked);
      const next = store.transact((tx) => tx.create('events', { metadata: { name: 'after', namespace: 'crash' } }));
      expect(Number(next.metadata.resourceVersion)).toBeGreaterThan(maxAcked);
    } finally {
      store.close();
    }
  }, 60_000);
});
