import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceHash, staleBuildReason } from './source-hash';

let root: string;

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A build made from the tree as it is now (what next.config.ts's generateBuildId records). */
function build(distDir = '.next'): void {
  write(`${distDir}/BUILD_ID`, sourceHash(root));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'porthole-source-hash-'));
  write('app/page.tsx', 'export default function Page() { return null; }\n');
  write('lib/service/names.ts', 'export const a = 1;\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('next.config.ts', 'export default {};\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staleBuildReason', () => {
  it('asks for a build when there is none', () => {
    expect(staleBuildReason(root)).toBe('no production build yet');
  });

  it('accepts a build made from the sources as they are', () => {
    build();
    expect(staleBuildReason(root)).toBeUndefined();
  });

  it('refuses a build that merely exists (an id that is not the sources\' hash, as before a pull)', () => {
    write('.next/BUILD_ID', 'Xk3v9yQ0aRandomId');
    expect(staleBuildReason(root)).toMatch(/changed since the last build/);
  });

  it.each([
    ['a source file edited', 'lib/service/names.ts', 'export const a = 2;\n'],
    ['a source file added', 'components/new-thing.tsx', 'export {};\n'],
    ['the lockfile changed', 'package-lock.json', '{"lockfileVersion":3,"packages":{}}\n'],
    ['the config changed', 'next.config.ts', 'export default { poweredByHeader: false };\n'],
  ])('refuses the build once %s', (_what, path, text) => {
    build();
    write(path, text);
    expect(staleBuildReason(root)).toMatch(/changed since the last build/);
  });

  it('keeps the build when only files no build reads change (unit tests, notes, tests outside the app)', () => {
    build();
    write('lib/service/names.test.ts', 'it("x", () => {});\n');
    write('lib/README.md', '# notes\n');
    write('test/integration/x.test.ts', 'export {};\n');
    write('e2e/x.spec.ts', 'export {};\n');
    write('lib/cluster/rest/patch.ts', 'export {};\n'); // the embedded cluster runs from source, outside the build
    expect(staleBuildReason(root)).toBeUndefined();
  });

  it('checks another build directory the same way (the standalone build)', () => {
    build('.porthole/standalone-build');
    expect(staleBuildReason(root, '.porthole/standalone-build')).toBeUndefined();
    expect(staleBuildReason(root)).toBe('no production build yet');
  });
});
