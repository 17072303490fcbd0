/**
 * How users sign in to Porthole (`--auth`), read from the environment bin/porthole.ts sets:
 *   PORTHOLE_AUTH                  kubeconfig (default) | token | proxy
 *   PORTHOLE_SESSION_KEY           token mode: base64 of 32 bytes (AES-256-GCM key); several keys
 *                                  comma-separated = the first seals, all open (key rotation)
 *   PORTHOLE_SESSION_KEY_FILE      or a file holding that text (a Kubernetes Secret mounted as a file)
 *   PORTHOLE_SESSION_IDLE_SECONDS  idle expiry (default 1800)
 *   PORTHOLE_SESSION_MAX_SECONDS   absolute expiry (default 43200)
 *   PORTHOLE_SECURE_COOKIES=1      always mark the session cookie Secure (else only over https)
 *   PORTHOLE_TRUSTED_PROXIES       proxy mode: CIDRs whose user/group headers are trusted
 *   PORTHOLE_PROXY_USER_HEADER     default X-Remote-User
 *   PORTHOLE_PROXY_GROUP_HEADER    default X-Remote-Group
 *   PORTHOLE_PEER_SECRET           proxy mode: the secret Porthole's own front stamps on each request
 *                                  with the socket's address (lib/server/auth-mode-front.ts)
 * No `server-only` here: proxy.ts and unit tests use it too.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export type { AuthMode } from '../contract/cluster-info';
import type { AuthMode } from '../contract/cluster-info';

export interface AuthConfig {
  mode: AuthMode;
  /** AES-256 keys; keys[0] seals. Token mode only. */
  sessionKeys: Buffer[];
  idleSeconds: number;
  maxSeconds: number;
  secureCookies: boolean;
  trustedProxies: string[];
  userHeader: string;
  groupHeader: string;
  peerSecret?: string;
}

export type Env = Record<string, string | undefined>;

export function parseAuthMode(value: string | undefined): AuthMode {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'kubeconfig') return 'kubeconfig';
  if (v === 'token' || v === 'proxy') return v;
  throw new Error(`unknown auth mode "${value}": use kubeconfig, token or proxy`);
}

/** A session key from its text form: base64 (or base64url) of exactly 32 bytes. */
export function parseSessionKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`a session key must be 32 bytes in base64 (got ${key.length} bytes); make one with: openssl rand -base64 32`);
  return key;
}

export function parseSessionKeys(text: string): Buffer[] {
  return text.split(',').map((k) => k.trim()).filter(Boolean).map(parseSessionKey);
}

/** Seconds from `90`, `90s`, `30m`, `12h` or `1d`. */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)?$/i.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a duration (use e.g. 90s, 30m, 12h)`);
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(m[2] ?? 's').toLowerCase() as 's' | 'm' | 'h' | 'd'];
  const seconds = Number(m[1]) * unit;
  if (!(seconds > 0)) throw new Error(`"${text}" must be more than zero`);
  return seconds;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * A key made up when none is configured: sessions then last as long as this process and are not
 * shared between replicas. Kept on globalThis: proxy.ts and the route handlers are separate bundles
 * in one process, and must share it.
 */
function processKey(): Buffer {
  const holder = globalThis as { __portholeSessionKey?: Buffer };
  holder.__portholeSessionKey ??= randomBytes(32);
  return holder.__portholeSessionKey;
}

export function authConfigFromEnv(env: Env): AuthConfig {
  const mode = parseAuthMode(env.PORTHOLE_AUTH);
  let sessionKeys: Buffer[] = [];
  if (mode === 'token') {
    const text = env.PORTHOLE_SESSION_KEY ?? (env.PORTHOLE_SESSION_KEY_FILE ? readFileSync(env.PORTHOLE_SESSION_KEY_FILE, 'utf8') : undefined);
    sessionKeys = text ? parseSessionKeys(text) : [processKey()];
  }
  return {
    mode,
    sessionKeys,
    idleSeconds: positive(env.PORTHOLE_SESSION_IDLE_SECONDS, 1800),
    maxSeconds: positive(env.PORTHOLE_SESSION_MAX_SECONDS, 43200),
    secureCookies: env.PORTHOLE_SECURE_COOKIES === '1',
    trustedProxies: (env.PORTHOLE_TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    userHeader: (env.PORTHOLE_PROXY_USER_HEADER ?? 'X-Remote-User').toLowerCase(),
    groupHeader: (env.PORTHOLE_PROXY_GROUP_HEADER ?? 'X-Remote-Group').toLowerCase(),
    peerSecret: env.PORTHOLE_PEER_SECRET || undefined,
  };
}

/** Every variable authConfigFromEnv reads. */
const AUTH_ENV_NAMES = [
  'PORTHOLE_AUTH',
  'PORTHOLE_SESSION_KEY',
  'PORTHOLE_SESSION_KEY_FILE',
  'PORTHOLE_SESSION_IDLE_SECONDS',
  'PORTHOLE_SESSION_MAX_SECONDS',
  'PORTHOLE_SECURE_COOKIES',
  'PORTHOLE_TRUSTED_PROXIES',
  'PORTHOLE_PROXY_USER_HEADER',
  'PORTHOLE_PROXY_GROUP_HEADER',
  'PORTHOLE_PEER_SECRET',
] as const;

let cached: { env: string; config: AuthConfig } | undefined;

/**
 * The process's configuration (re-read only when one of its variables changes). Asked several times
 * per request: the key reads only its own variables (enumerating all of process.env, each read a call
 * into Node's environment, took 0.17 ms per call in a profile of Porthole's server).
 */
export function authConfig(env: Env = process.env): AuthConfig {
  const key = AUTH_ENV_NAMES.map((name) => (env[name] === undefined ? `${name} unset` : `${name}=${env[name]}`)).join('\n');
  if (!cached || cached.env !== key) cached = { env: key, config: authConfigFromEnv(env) };
  return cached.config;
}
