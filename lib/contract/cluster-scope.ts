/**
 * The cluster this document shows, for the code outside React that builds API URLs (api-paths.ts)
 * and query keys (query-keys.ts). Set once per document by <ClusterProvider> (cluster-context.tsx)
 * from what the server resolved from the URL's `?cluster=`; a URL naming another cluster loads a new
 * document, so everything a tab holds (query cache, live connection) belongs to one cluster.
 * Undefined when Porthole knows one cluster (URLs then carry no `cluster`), and always on the server
 * (server code passes the cluster explicitly).
 */
let current: string | undefined;

export function setClusterScope(cluster: string | undefined): void {
  if (typeof window !== 'undefined') current = cluster;
}

export function clusterScope(): string | undefined {
  return typeof window === 'undefined' ? undefined : current;
}

/** `url` with `cluster=<name>` added to its query (unchanged without a name). */
export function withClusterParam(url: string, cluster: string | undefined): string {
  if (!cluster) return url;
  const at = url.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  params.set('cluster', cluster);
  return `${at < 0 ? url : url.slice(0, at)}?${params.toString()}`;
}
