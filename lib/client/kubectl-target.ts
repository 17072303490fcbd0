'use client';
import type { KubectlTarget } from '../kubectl-command/command';
import { useCluster } from './cluster-context';
import { useCurrentIdentity } from './identity';

/**
 * Where a shown kubectl command acts: the namespace, and `--context` (the kubeconfig context this
 * browser acts as, else the cluster's name) only when Porthole knows several clusters.
 */
export function useKubectlTarget(namespace: string): KubectlTarget {
  const { clusters, current } = useCluster();
  const identity = useCurrentIdentity().data?.identity;
  return clusters.length > 1 ? { namespace, context: identity ?? current } : { namespace };
}
