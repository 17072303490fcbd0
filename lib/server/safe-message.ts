import type { KubeConfig } from '@kubernetes/client-node';

/**
 * Error texts Porthole shows to browsers say what is wrong without local file paths or stack traces
 * (a kubeconfig names files under the operator's home directory).
 */

const FILE_CODES = new Set(['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'ELOOP', 'EMFILE', 'ENFILE']);

/** "the kubeconfig's certificate authority file cannot be read" for a file-system error, else undefined. */
export function fileErrorText(err: unknown, kc?: KubeConfig): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & { code?: unknown; path?: unknown };
  if (typeof e.code !== 'string' || !FILE_CODES.has(e.code)) return undefined;
  const path = typeof e.path === 'string' ? e.path : undefined;
  const cluster = kc?.getCurrentCluster();
  const user = kc?.getCurrentUser();
  let what = 'a file named in the kubeconfig';
  if (path && path === cluster?.caFile) what = "the kubeconfig's certificate authority file";
  else if (path && path === user?.certFile) what = "the kubeconfig's client certificate file";
  else if (path && path === user?.keyFile) what = "the kubeconfig's client key file";
  else if (path && path === process.env.PORTHOLE_KUBECONFIG) what = 'the kubeconfig file';
  return `${what} cannot be read (${e.code})`;
}

/** Removes quoted absolute paths (Node's "open '/root/...'") and anything from a stack trace on. */
export function withoutPaths(text: string): string {
  return text
    .replace(/\n\s+at [\s\S]*$/, '')
    .replace(/'(?:[A-Za-z]:)?[\\/][^']*'/g, '(a local file)')
    .replace(/"(?:[A-Za-z]:)?[\\/][^"]*[\\/][^"]*"/g, '(a local file)');
}
