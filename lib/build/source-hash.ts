/**
 * What a production build was made from: one content hash over the sources, config and lockfile that
 * `next build` reads. next.config.ts makes it the build's id (`.next/BUILD_ID`), so `npm start`
 * (bin/porthole.ts) and the test helpers (test/support/start-porthole.ts) can tell a build made from
 * other sources (after `git pull`, an edit, a branch switch) and rebuild instead of serving it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders and files, relative to the repository root, whose content goes into the build. */
export const BUILD_INPUTS: readonly string[] = [
  'app',
  'components',
  'lib',
  'public',
  'next.config.ts',
  'proxy.ts',
  'instrumentation.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Files inside those folders that no build reads: unit tests and notes. */
const NOT_BUILT = /\.test\.tsx?$|\.md$/;

/**
 * The embedded cluster runs from source (tsx) beside the build, which never imports it (an ESLint zone
 * in eslint.config.mjs keeps it so): its changes need no rebuild.
 */
const NOT_BUILT_DIRS: readonly string[] = ['lib/cluster'];

function filesUnder(root: string, path: string, out: string[]): void {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!NOT_BUILT_DIRS.includes(child)) filesUnder(root, child, out);
    } else if (entry.isFile() && !NOT_BUILT.test(entry.name)) out.push(child);
  }
}

/** sha256 (hex) over the path and content of every build input under `root`, in a fixed order. */
export function sourceHash(root: string): string {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) filesUnder(root, input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Why the build in `distDir` (relative to `root`) cannot be served as it is, or undefined when it was
 * made from the sources now under `root`.
 */
export function staleBuildReason(root: string, distDir = '.next'): string | undefined {
  const idFile = join(root, distDir, 'BUILD_ID');
  if (!existsSync(idFile)) return 'no production build yet';
  if (readFileSync(idFile, 'utf8').trim() !== sourceHash(root)) return 'the sources, config or lockfile changed since the last build';
  return undefined;
}
