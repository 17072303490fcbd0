'use client';
/**
 * The namespaces to offer the current identity, for the namespace selector, the list's note and the
 * create flows. An identity that may not list namespaces (a namespace-limited user) still gets
 * choices: its kubeconfig context's namespace and --namespaces, each kept only where an access review
 * allows `verb` on Services (the cluster's RBAC decides).
 */
import { useMemo } from 'react';
import { useCanI, useNamespacesWithServiceAccess } from './access';
import { useCurrentIdentity } from './identity';
import { useNamespaces } from './namespaces';
import { namespaceCandidates } from '../contract/first-answers';

export interface NamespaceChoices {
  /** Namespaces where the identity may `verb` Services (all listed ones when it may everywhere), sorted. */
  names: string[];
  /** May it `verb` Services in every namespace? undefined while the API server has not said. */
  everywhere?: boolean;
  /** The namespace list or the identity is still loading. */
  loading: boolean;
  /** Namespaces cannot be listed (e.g. 403): `names` then holds only the context's and --namespaces. */
  unlisted: boolean;
  /** Some access reviews are still pending: `names` may still lose some. */
  reviewing: boolean;
}

/** `extra`: more candidates (e.g. the context namespace the server rendered with), checked like the rest. */
/** `enabled: false` asks no access review (the answer is then "pending"). */
export function useNamespaceChoices(verb = 'list', extra: readonly string[] = [], enabled = true): NamespaceChoices {
  const listed = useNamespaces();
  const me = useCurrentIdentity();
  // `extra` by value: callers pass a new array on each render.
  const extraKey = extra.join(',');
  const candidates = useMemo(
    () =>
      namespaceCandidates(
        (listed.items ?? []).map((n) => n.metadata.name ?? ''),
        extraKey.split(','),
        me.data?.namespace,
        me.data?.namespaces ?? [],
      ),
    [listed.items, extraKey, me.data?.namespace, me.data?.namespaces],
  );
  const { names, pending: reviewing } = useNamespacesWithServiceAccess(candidates, verb, enabled);
  const everywhere = useCanI({ verb, resource: 'services' }, enabled).data?.allowed;
  const loading = (listed.items === undefined && !listed.query.isError) || me.isPending;
  return { names, everywhere, loading, unlisted: listed.query.isError, reviewing };
}
