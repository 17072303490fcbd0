'use client';
import type { Namespace } from '../k8s/types';
import { apiPaths } from './api-paths';
import { useFirstAnswers } from './first-answers';
import { fetchSnapshot, useLiveList, type LiveList } from './live-list';

/** All namespaces, kept live. */
export function useNamespaces(): LiveList<Namespace> {
  const carried = useFirstAnswers().namespaces;
  return useLiveList<Namespace>({ resource: 'namespaces' }, (signal) => fetchSnapshot<Namespace>(apiPaths.namespaces(), signal), carried);
}
