import 'server-only';
import { headers } from 'next/headers';
import { routesFor, type PageRoutes } from '../contract/page-routes';
import { clusterConfigs } from './kubeconfig';
import { CLUSTER_HEADER } from './request-guard';

/** The cluster the page URL names (`?cluster=`, handed on by proxy.ts), undefined without one. */
export async function pageClusterParam(): Promise<string | undefined> {
  const raw = (await headers()).get(CLUSTER_HEADER);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cluster the URLs of this page name: the page's cluster when Porthole knows several (the
 * default one when the URL names none), undefined with a single cluster (URLs carry no `?cluster=`).
 */
export async function pageClusterScope(): Promise<string | undefined> {
  const named = await pageClusterParam();
  let clusters: { clusterName: string; isDefault: boolean }[];
  try {
    clusters = clusterConfigs();
  } catch {
    return undefined;
  }
  if (clusters.length <= 1) return undefined;
  return named ?? clusters.find((c) => c.isDefault)?.clusterName;
}

/** The page URLs a server page builds (redirects, links), naming its cluster as pageClusterScope says. */
export async function pageRoutesHere(): Promise<PageRoutes> {
  return routesFor(await pageClusterScope());
}
