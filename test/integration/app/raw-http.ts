/**
 * Raw HTTP requests for the tests fetch cannot express: a chosen Host header, Origin and
 * Sec-Fetch-* headers (forbidden in fetch), TRACE, undecodable paths, chunked bodies of any size.
 */
import http from 'node:http';
import net from 'node:net';
import { readFileSync, readdirSync } from 'node:fs';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A whole body, or a generator of chunks (sent chunked, without Content-Length). */
  body?: string | (() => AsyncIterable<Buffer>);
  /** Stop reading the answer after this many bytes (a stream that never ends). */
  maxBodyBytes?: number;
  /** The client's own address (e.g. 127.0.0.2: another loopback address than the server's). */
  localAddress?: string;
}

export function raw(req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port: req.port, method: req.method ?? 'GET', path: req.path, headers: req.headers, setHost: !req.headers?.Host, localAddress: req.localAddress },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          if (req.maxBodyBytes !== undefined && body.length >= req.maxBodyBytes) {
            res.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    if (typeof req.body === 'string') r.end(req.body);
    else if (req.body) {
      const chunks = req.body;
      void (async () => {
        try {
          for await (const chunk of chunks()) {
            if (r.destroyed) return;
            if (!r.write(chunk)) await new Promise((d) => r.once('drain', d));
          }
          r.end();
        } catch {
          // the server answered and closed while the body was still going out
        }
      })();
    } else r.end();
  });
}

/** Resident memory (bytes) of a process and all its descendants, from /proc. */
export function treeRssBytes(rootPid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** A WebSocket handshake on a raw socket: the answer's head and body, and whether the server closed. */
export function upgradeAttempt(port: number, path: string, timeoutMs = 5_000): Promise<{ head: string; body: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    const done = (closed: boolean): void => {
      const at = text.indexOf('\r\n\r\n');
      resolve(at < 0 ? { head: text, body: '', closed } : { head: text.slice(0, at), body: text.slice(at + 4), closed });
    };
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      done(true);
    });
    const timer = setTimeout(() => {
      socket.destroy();
      done(false);
    }, timeoutMs);
  });
}
