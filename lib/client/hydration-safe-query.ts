'use client';
/**
 * Queries whose first render matches the server's HTML. The server renders every query as pending (it
 * fetches nothing). In the browser, React hydrates the root first and each Suspense boundary later, in
 * its own task: a query started by a component hydrated earlier (an access review in the header, the
 * namespace list) may have answered by the time a later boundary hydrates, and a component there that
 * read the cached answer would render other HTML than the server did — React throws hydration error
 * #418 and re-renders the boundary from scratch. So while a component hydrates, these hooks report
 * the query as pending, exactly as the server saw it, and the answer shows one render later. Outside
 * hydration (client navigation, later renders) they are TanStack's hooks unchanged. A query given
 * `initialData` (data the server rendered the HTML with) keeps it while hydrating.
 *
 * Every query hook in lib/client goes through here (not `useQuery` / `useQueries` directly).
 */
import { useQueries, useQuery, type DefaultError, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useHydrating } from './hydration';

/** The result the server rendered: pending, no data, no error. */
function asServerSaw<TData, TError>(result: UseQueryResult<TData, TError>): UseQueryResult<TData, TError> {
  if (result.status === 'pending') return result;
  return {
    ...result,
    data: undefined,
    error: null,
    status: 'pending',
    isPending: true,
    isSuccess: false,
    isError: false,
    isLoading: result.isFetching,
    isLoadingError: false,
    isRefetchError: false,
    isPlaceholderData: false,
    isFetched: false,
    isFetchedAfterMount: false,
    dataUpdatedAt: 0,
    errorUpdatedAt: 0,
    failureCount: 0,
    failureReason: null,
    errorUpdateCount: 0,
    isRefetching: false,
    isStale: true,
  };
}

export function useHydrationSafeQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const hydrating = useHydrating();
  const result = useQuery(options);
  return !hydrating || options.initialData !== undefined ? result : asServerSaw(result);
}

export function useHydrationSafeQueries<TData, TError = DefaultError>(
  queries: ReadonlyArray<UseQueryOptions<TData, TError, TData, QueryKey>>,
): Array<UseQueryResult<TData, TError>> {
  const hydrating = useHydrating();
  const results = useQueries({ queries: [...queries] }) as Array<UseQueryResult<TData, TError>>;
  return hydrating ? results.map((r, i) => (queries[i]?.initialData !== undefined ? r : asServerSaw(r))) : results;
}
