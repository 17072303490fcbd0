/**
 * One CA and server certificate for every real kube-apiserver the test processes start, so the test
 * processes can trust it from their start: NODE_EXTRA_CA_CERTS (read by Node only when a process
 * starts) is set here, by vitest.config.ts and playwright.config.ts before they start their workers.
 * start-real-apiserver.sh keeps an existing WORKDIR/pki, so each cluster gets a copy.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realCluster } from './cluster-kind';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REAL_PKI_DIR = join(ROOT, '.porthole', 'real-apiserver-pki');
export const REAL_PKI_FILES = ['ca.crt', 'ca.key', 'apiserver.crt', 'apiserver.key', 'sa.key', 'sa.pub'] as const;
export const REAL_CA_FILE = join(REAL_PKI_DIR, 'ca.crt');
/** What NODE_EXTRA_CA_CERTS names on the real lane: the CA plus whatever file it named before (it takes one file). */
export const REAL_TRUST_FILE = join(REAL_PKI_DIR, 'trust.pem');

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** The certificates start-real-apiserver.sh would make (same subjects, SANs and usages). */
function generate(dir: string): void {
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3650', '-subj', '/CN=porthole-test-ca', '-keyout', 'ca.key', '-out', 'ca.crt']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=kube-apiserver', '-keyout', 'apiserver.key', '-out', 'apiserver.csr']);
  writeFileSync(
    join(dir, 'apiserver.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,IP:10.96.0.1\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature,keyEncipherment\n',
  );
  openssl(dir, ['x509', '-req', '-in', 'apiserver.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '3650', '-extfile', 'apiserver.ext', '-out', 'apiserver.crt']);
  openssl(dir, ['genrsa', '-out', 'sa.key', '2048']);
  openssl(dir, ['rsa', '-in', 'sa.key', '-pubout', '-out', 'sa.pub']);
}

/** Makes the shared PKI once (kept in .porthole/, reused by later runs). */
export function ensureRealPki(): string {
  if (REAL_PKI_FILES.every((f) => existsSync(join(REAL_PKI_DIR, f)))) return REAL_PKI_DIR;
  mkdirSync(dirname(REAL_PKI_DIR), { recursive: true });
  const tmp = mkdtempSync(`${REAL_PKI_DIR}.tmp-`);
  generate(tmp);
  try {
    renameSync(tmp, REAL_PKI_DIR);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another process made it first
  }
  return REAL_PKI_DIR;
}

/**
 * For the test runners' configs: on the real lane (or when `always`, for the benchmarks), make the PKI
 * and trust its CA in every process started from now on.
 */
export function trustRealClusterCa(always = false): void {
  if (!realCluster && !always) return;
  ensureRealPki();
  const current = process.env.NODE_EXTRA_CA_CERTS;
  if (current === REAL_TRUST_FILE) return;
  const before = current && existsSync(current) ? readFileSync(current, 'utf8') : '';
  writeFileSync(`${REAL_TRUST_FILE}.${process.pid}`, `${before.trimEnd()}\n${readFileSync(REAL_CA_FILE, 'utf8')}`);
  renameSync(`${REAL_TRUST_FILE}.${process.pid}`, REAL_TRUST_FILE);
  process.env.NODE_EXTRA_CA_CERTS = REAL_TRUST_FILE;
}
