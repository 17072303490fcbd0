'use client';
import type { Pod } from '../k8s/types';
import { apiPaths } from './api-paths';
import { fetchSnapshot, useLiveList, type LiveList } from './live-list';

/** Pods of a namespace matching a label selector (string form, e.g. a Service's selector), kept live. */
export function usePods(namespace: string, labelSelector?: string): LiveList<Pod> {
  return useLiveList<Pod>({ resource: 'pods', namespace, labelSelector: labelSelector || undefined }, (signal) =>
    fetchSnapshot<Pod>(apiPaths.pods(namespace, labelSelector || undefined), signal),
  );
}
