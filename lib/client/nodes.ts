'use client';
import type { Node } from '../k8s/types';
import { apiPaths } from './api-paths';
import { fetchSnapshot, useLiveList, type LiveList } from './live-list';

/** All nodes, kept live. */
export function useNodes(): LiveList<Node> {
  return useLiveList<Node>({ resource: 'nodes' }, (signal) => fetchSnapshot<Node>(apiPaths.nodes(), signal));
}
