/**
 * Serves Next's build assets (`/_next/static/…`) from the `.br` / `.gz` files made at build
 * (precompress.ts) when the browser accepts them; anything else (no such file, another encoding,
 * other paths) is left to Next. Installed on the HTTP server by instrumentation.ts, next to the
 * TRACE refusal. The headers are those Next gives these files plus Content-Encoding and Vary.
 */
import { createReadStream, statSync } from 'node:fs';
import type http from 'node:http';
import { join, resolve, sep } from 'node:path';
import { acceptedEncodings, type Encoding } from '../server/accept-encoding';
import { COMMON_SECURITY_HEADERS } from '../server/request-guard';

const PREFIX = '/_next/static/';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=UTF-8',
  '.txt': 'text/plain; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.ttf': 'font/ttf',
  '.html': 'text/html; charset=UTF-8',
};

interface Found {
  path: string;
  size: number;
  encoding: Encoding;
  type: string;
}

/**
 * Lookups already made, by root, path and encodings: build assets do not change while the server runs,
 * so each file is looked up on disk once, not on every request. Bounded by the number of assets.
 */
const lookups = new Map<string, Found | null>();
const MAX_LOOKUPS = 4096;

function findCached(staticRoot: string, urlPath: string, encodings: Encoding[]): Found | undefined {
  const key = `${staticRoot}\n${urlPath}\n${encodings.join(',')}`;
  const known = lookups.get(key);
  if (known !== undefined) return known ?? undefined;
  const found = find(staticRoot, urlPath, encodings);
  if (lookups.size >= MAX_LOOKUPS) lookups.clear();
  lookups.set(key, found ?? null);
  return found;
}

function find(staticRoot: string, urlPath: string, encodings: Encoding[]): Found | undefined {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath.slice(PREFIX.length));
  } catch {
    return undefined;
  }
  if (!relative || relative.includes('\0') || relative.split('/').some((s) => s === '..' || s === '.' || s === '')) return undefined;
  const type = CONTENT_TYPES[/\.[^./]+$/.exec(relative)?.[0] ?? ''];
  if (!type) return undefined;
  const file = resolve(staticRoot, relative);
  if (!file.startsWith(staticRoot + sep)) return undefined;
  for (const encoding of encodings) {
    const path = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    try {
      const s = statSync(/*turbopackIgnore: true*/ path);
      if (s.isFile()) return { path, size: s.size, encoding, type };
    } catch {
      // not made for this file: try the next encoding, then leave it to Next
    }
  }
  return undefined;
}

/** Answers the request if a precompressed file fits it; false leaves it to Next. */
export function servePrecompressed(req: http.IncomingMessage, res: http.ServerResponse, distDir: string): boolean {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = req.url ?? '';
  if (!url.startsWith(PREFIX)) return false;
  const path = url.split('?')[0];
  const encodings = acceptedEncodings(typeof req.headers['accept-encoding'] === 'string' ? req.headers['accept-encoding'] : undefined);
  if (encodings.length === 0) return false;
  const found = findCached(resolve(join(distDir, 'static')), path, encodings);
  if (!found) return false;
  res.writeHead(200, {
    ...COMMON_SECURITY_HEADERS,
    'Content-Type': found.type,
    'Content-Encoding': found.encoding,
    'Content-Length': String(found.size),
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  });
  if (method === 'HEAD') {
    res.end();
    return true;
  }
  const stream = createReadStream(/*turbopackIgnore: true*/ found.path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
  return true;
}
