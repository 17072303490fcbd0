/**
 * The Service history's settings, from the environment `bin/porthole.ts` sets from its flags:
 *   PORTHOLE_HISTORY_DIR           where the SQLite store lives (`--history-dir`); no recording without it
 *   PORTHOLE_HISTORY_MAX_VERSIONS  versions kept per Service (`--history-max-versions`, default 1000)
 *   PORTHOLE_HISTORY_MAX_AGE_SECONDS  versions older than this are dropped (`--history-max-age`, default 90 days)
 *   PORTHOLE_HISTORY_MAX_BYTES     bound on the stored objects' total size (`--history-max-bytes`, default 512 MiB);
 *                                  the oldest versions go first
 *   PORTHOLE_HISTORY_LEASE_NAMESPACE  namespace of the recorder's Lease (`--history-lease-namespace`;
 *                                  default PORTHOLE_NAMESPACE, else the context's namespace, else `default`)
 */
export interface HistoryConfig {
  dir: string;
  maxVersions: number;
  maxAgeMs: number;
  maxBytes: number;
  leaseNamespace?: string;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function historyConfig(env: Record<string, string | undefined> = process.env): HistoryConfig | undefined {
  const dir = env.PORTHOLE_HISTORY_DIR;
  if (!dir) return undefined;
  return {
    dir,
    maxVersions: positive(env.PORTHOLE_HISTORY_MAX_VERSIONS, 1000),
    maxAgeMs: positive(env.PORTHOLE_HISTORY_MAX_AGE_SECONDS, 90 * 24 * 3600) * 1000,
    maxBytes: positive(env.PORTHOLE_HISTORY_MAX_BYTES, 512 * 1024 * 1024),
    leaseNamespace: env.PORTHOLE_HISTORY_LEASE_NAMESPACE || undefined,
  };
}

/** `--history-max-bytes`: bytes, or with a Ki/Mi/Gi (or K/M/G) suffix, e.g. 512Mi. */
export function parseByteSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(k|m|g)?(i)?b?$/i.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a size (use e.g. 512Mi, 2Gi, 1000000)`);
  const unit = m[2] ? (m[3] ? 1024 : 1000) ** ('kmg'.indexOf(m[2].toLowerCase()) + 1) : 1;
  const bytes = Math.floor(Number(m[1]) * unit);
  if (!(bytes > 0)) throw new Error(`"${text}" must be more than zero`);
  return bytes;
}

/**
 * Where history lives without `--history-dir`: with the embedded cluster's data (`<data dir>/history`:
 * that cluster's history goes with its objects), else the user's data dir ($XDG_DATA_HOME or
 * ~/.local/share, `porthole/history`).
 */
export function defaultHistoryDir(opts: { embeddedDataDir?: string; home: string; xdgDataHome?: string }): string {
  if (opts.embeddedDataDir) return `${opts.embeddedDataDir.replace(/\/+$/, '')}/history`;
  return `${opts.xdgDataHome || `${opts.home}/.local/share`}/porthole/history`;
}
