/**
 * The floor of a relayed list on this machine: a bare node:http relay in a process of its own — no
 * framework, no identity or authorization, a keep-alive pool to the API server — that answers every
 * request with the API server's `GET /api/v1/services`, piped through as it comes. The app bench
 * times it in the same turns as the direct list and Porthole's relay, so that the proxy figure reads
 * against what any relay process costs here (the extra hop's reads, copies and writes on the same
 * cores as the API server and the client), apart from what Porthole adds to it.
 *
 * Reads { url, token } from argv[2] (an `https:` API server's CA is trusted through
 * NODE_EXTRA_CA_CERTS, inherited from the bench); sends { port } once listening; ends with its parent.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';

interface Input {
  url: string;
  token: string;
}

const input = JSON.parse(process.argv[2] ?? '{}') as Input;
const target = new URL('/api/v1/services', input.url);
const transport = target.protocol === 'https:' ? https : http;
const agent = new transport.Agent({ keepAlive: true });

const server = http.createServer((req, res) => {
  const upstream = transport.request(target, { agent, headers: { Authorization: `Bearer ${input.token}`, Accept: 'application/json' } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { 'Content-Type': answer.headers['content-type'] ?? 'application/json' });
    pipeline(answer, res, () => undefined);
  });
  upstream.on('error', () => res.destroy());
  req.resume();
  upstream.end();
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
