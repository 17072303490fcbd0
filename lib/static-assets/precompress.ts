/**
 * Build step (next.config.ts `compiler.runAfterProductionCompile`): every compressible file under
 * `<distDir>/static` gets a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside it, kept
 * only when smaller. The server then sends these bytes as they are (serve-precompressed.ts): the
 * strongest compression, paid once at build instead of on every first visit. Not server-only: the
 * Next config imports it.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions worth compressing (fonts in woff/woff2 and images are compressed already). */
export const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.map', '.ttf', '.html']);
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const extension = (path: string): string => /\.[^./]+$/.exec(path)?.[0] ?? '';

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export async function precompressStatic(distDir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const root = join(distDir, 'static');
  try {
    await stat(root);
  } catch {
    return result;
  }
  const work: Promise<void>[] = [];
  for await (const path of files(root)) {
    if (!COMPRESSIBLE.has(extension(path))) continue;
    work.push(
      (async () => {
        const body = await readFile(path);
        if (body.length < MIN_BYTES) return;
        const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
        const [br, gzipped] = await Promise.all([brotli(body, { params }), gz(body, { level: 9 })]);
        result.files += 1;
        result.bytes += body.length;
        if (br.length < body.length) {
          await writeFile(`${path}.br`, br);
          result.brotliBytes += br.length;
        }
        if (gzipped.length < body.length) {
          await writeFile(`${path}.gz`, gzipped);
          result.gzipBytes += gzipped.length;
        }
      })(),
    );
  }
  await Promise.all(work);
  return result;
}
