'use client';
/**
 * The answers a page's first HTML carried (lib/contract/first-answers.ts), for the hooks that would
 * otherwise ask for them. The provider puts each one into the query cache as it first renders — on
 * the server and in the hydrating browser alike, so both render the page with it — and the hooks pass
 * it as initialData, which keeps it through hydration (lib/client/hydration-safe-query.ts). No request
 * goes out for what was carried; the watch of a carried list starts from its resourceVersion.
 *
 * A cache entry is filled only when it has no data and nobody subscribed to it yet: components rendered
 * before the page (the app chrome) render as the server rendered them, pending, and take the answer
 * on their next render; nothing already shown changes during a render.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ResourceAttributes } from '../k8s/types';
import { reviewKey, type AccessReviewStatus, type FirstAnswers } from '../contract/first-answers';
import { queryKeys } from './query-keys';

const FirstAnswersContext = createContext<FirstAnswers>({});

function fill(client: QueryClient, key: QueryKey, data: unknown): void {
  const query = client.getQueryCache().find({ queryKey: key, exact: true });
  if (query && (query.state.data !== undefined || query.getObserversCount() > 0)) return;
  client.setQueryData(key, data);
}

function fillCache(client: QueryClient, answers: FirstAnswers): void {
  if (answers.identity) fill(client, queryKeys.identity(), answers.identity);
  if (answers.namespaces) fill(client, queryKeys.list({ resource: 'namespaces' }), answers.namespaces);
  for (const r of answers.reviews ?? []) fill(client, queryKeys.accessReview({ ...r.attributes }), r.status);
}

export function FirstAnswersProvider({ answers, children }: { answers: FirstAnswers | undefined; children: ReactNode }) {
  const client = useQueryClient();
  // Once, during the first render (not in an effect): the page's own first render must see it.
  useState(() => answers && fillCache(client, answers));
  return <FirstAnswersContext.Provider value={answers ?? {}}>{children}</FirstAnswersContext.Provider>;
}

export function useFirstAnswers(): FirstAnswers {
  return useContext(FirstAnswersContext);
}

/** The carried reviews by attributes: `lookup(attrs)` is the answer the HTML was rendered with, if any. */
export function useCarriedReviews(): (attrs: ResourceAttributes) => AccessReviewStatus | undefined {
  const { reviews } = useFirstAnswers();
  return useMemo(() => {
    const byKey = new Map((reviews ?? []).map((r) => [reviewKey(r.attributes), r.status]));
    return (attrs) => byKey.get(reviewKey(attrs));
  }, [reviews]);
}
