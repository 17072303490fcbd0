/**
 * A self-signed serving certificate (EC P-256, SAN 127.0.0.1 + localhost), built with node:crypto
 * alone (DER by hand), so the embedded cluster can serve TLS on any machine. kubectl (client-go)
 * only sends bearer tokens over TLS, so its kubeconfig points at https with this as the CA.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServingCertificate {
  /** PEM certificate (also the CA clients trust). */
  cert: string;
  /** PEM PKCS#8 private key. */
  key: string;
}

function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
}

const seq = (...c: Buffer[]): Buffer => tlv(0x30, ...c);

function oid(text: string): Buffer {
  const parts = text.split('.').map(Number);
  const bytes: number[] = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utcTime(d: Date): Buffer {
  const p = (n: number): string => String(n).padStart(2, '0');
  const text = `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return seq(oid(id), ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []), tlv(0x04, value));
}

function toPem(label: string, der: Buffer): string {
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

export function generateServingCertificate(commonName = 'porthole-embedded', now = new Date()): ServingCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  serial[0] |= 0x01;
  const notBefore = new Date(now.getTime() - 3600_000);
  const notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  const san = seq(tlv(0x87, Buffer.from([127, 0, 0, 1])), tlv(0x82, Buffer.from('localhost', 'ascii')));
  const extensions = tlv(
    0xa3,
    seq(
      extension('2.5.29.19', true, seq(tlv(0x01, Buffer.from([0xff])))),
      extension('2.5.29.15', true, tlv(0x03, Buffer.from([0x02, 0x84]))),
      extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))),
      extension('2.5.29.17', false, san),
    ),
  );
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    ecdsaSha256,
    name,
    seq(utcTime(notBefore), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = seq(tbs, ecdsaSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return { cert: toPem('CERTIFICATE', cert), key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** The certificate kept in `<dataDir>/tls` (created once), or a fresh one without a data directory. */
export function loadServingCertificate(dataDir?: string): ServingCertificate {
  if (!dataDir) return generateServingCertificate();
  const dir = join(dataDir, 'tls');
  const certPath = join(dir, 'serving.crt');
  const keyPath = join(dir, 'serving.key');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8');
    const key = readFileSync(keyPath, 'utf8');
    createPrivateKey(key);
    createPublicKey(cert);
    return { cert, key };
  }
  const fresh = generateServingCertificate();
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyPath, fresh.key, { mode: 0o600 });
  writeFileSync(certPath, fresh.cert);
  return fresh;
}
