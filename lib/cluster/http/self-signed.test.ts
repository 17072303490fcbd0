import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateServingCertificate, loadServingCertificate } from './self-signed';

describe('self-signed serving certificate', () => {
  it('is a valid self-signed CA certificate for 127.0.0.1 and localhost', () => {
    const { cert, key } = generateServingCertificate();
    const x509 = new X509Certificate(cert);
    expect(x509.subject).toBe('CN=porthole-embedded');
    expect(x509.ca).toBe(true);
    expect(x509.subjectAltName).toBe('IP Address:127.0.0.1, DNS:localhost');
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
    expect(new Date(x509.validTo).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600_000);
  });

  it('is kept in the data directory across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-tls-'));
    try {
      const first = loadServingCertificate(dir);
      expect(loadServingCertificate(dir)).toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
