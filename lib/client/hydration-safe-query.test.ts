// @vitest-environment jsdom
/**
 * The race behind hydration error #418 on a namespace-limited list page, made deterministic: the
 * server rendered a query as pending; by the time the browser hydrates the component, another part of
 * the page has already put the answer in the cache. A component reading it must still hydrate to the
 * server's HTML (then show the answer), or React discards the server's HTML with #418.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createElement, type FunctionComponent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrationSafeQueries, useHydrationSafeQuery } from './hydration-safe-query';

const KEY = ['porthole', 'test', 'answer'] as const;
const fetchNever = () => new Promise<string>(() => {});

const Safe: FunctionComponent = () => {
  const q = useHydrationSafeQuery({ queryKey: KEY, queryFn: fetchNever });
  return createElement('p', null, q.isPending ? 'pending' : `answer: ${q.data}`);
};
const SafeMany: FunctionComponent = () => {
  const qs = useHydrationSafeQueries([{ queryKey: KEY, queryFn: fetchNever }]);
  return createElement('p', null, qs[0].isPending ? 'pending' : `answer: ${qs[0].data}`);
};
const Plain: FunctionComponent = () => {
  const q = useQuery({ queryKey: KEY, queryFn: fetchNever });
  return createElement('p', null, q.isPending ? 'pending' : `answer: ${q.data}`);
};

async function hydrateWithAnswerCached(component: FunctionComponent): Promise<{ serverHtml: string; errors: string[]; shown: string }> {
  const tree = (client: QueryClient) => createElement(QueryClientProvider, { client }, createElement(component));
  const serverHtml = renderToString(tree(new QueryClient()));
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const client = new QueryClient();
  client.setQueryData(KEY, 'from the cache');
  const errors: string[] = [];
  const root = hydrateRoot(container, tree(client), { onRecoverableError: (e) => errors.push(String(e)) });
  for (let i = 0; i < 100 && !container.textContent?.startsWith('answer'); i++) await new Promise((r) => setTimeout(r, 10));
  const shown = container.textContent ?? '';
  root.unmount();
  container.remove();
  return { serverHtml, errors, shown };
}

describe('hydration-safe queries', () => {
  it('plain useQuery reading a cached answer while hydrating mismatches the server HTML (the bug)', async () => {
    const r = await hydrateWithAnswerCached(Plain);
    expect(r.serverHtml).toContain('pending');
    expect(r.errors.join('\n')).toMatch(/Hydration failed|#418/);
  });

  it('useHydrationSafeQuery hydrates to the server HTML, then shows the cached answer', async () => {
    const r = await hydrateWithAnswerCached(Safe);
    expect(r.serverHtml).toContain('pending');
    expect(r.errors).toEqual([]);
    expect(r.shown).toBe('answer: from the cache');
  });

  it('useHydrationSafeQueries does the same for each query', async () => {
    const r = await hydrateWithAnswerCached(SafeMany);
    expect(r.errors).toEqual([]);
    expect(r.shown).toBe('answer: from the cache');
  });
});
