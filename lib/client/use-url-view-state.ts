'use client';
/**
 * The Service list's view state, owned by the URL but held locally so that quick successive changes
 * (two filter clicks, fast typing) build on each other instead of on a URL that has not caught up.
 * Local changes are written to the URL without a server round trip: a filter, sort or namespace
 * change is a new history entry (Back undoes it), typing in the search replaces the current entry
 * after 200 ms of quiet. A URL changed from elsewhere (namespace selector, Back button) wins.
 * Back and Forward are read from the history itself (popstate): Next's router state can take a URL we
 * pushed and the Back after it in one render, so that the URL it gives never changes.
 * `urlFor` builds the page URL of a view (the cluster's page routes: the URL keeps `?cluster=`).
 */
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { parseViewState, serializeViewState, type ListViewState } from '../service-list/url-state';

const keyOf = (v: ListViewState): string => serializeViewState(v).replace(/^\?/, '');
/** The view of the address bar's URL (ahead of Next's router state right after Back or a push). */
const shownView = (): ListViewState => parseViewState(new URLSearchParams(window.location.search));

export function useUrlViewState(urlFor: (view: ListViewState) => string): [ListViewState, Dispatch<SetStateAction<ListViewState>>] {
  const params = useSearchParams();
  const urlKey = params.toString();
  const urlView = useMemo(() => parseViewState(params), [params]);
  const [view, setView] = useState<ListViewState>(urlView);
  const [seen, setSeen] = useState({ url: urlKey, written: keyOf(urlView) });
  if (urlKey !== seen.url) {
    // The URL moved. If it is not the one we wrote last, someone else changed it: adopt it.
    setSeen({ url: urlKey, written: seen.written });
    if (keyOf(urlView) !== seen.written) setView(urlView);
  }
  useEffect(() => {
    const onHistory = (): void => {
      const shown = shownView();
      setSeen((s) => ({ ...s, written: keyOf(shown) }));
      setView(shown);
    };
    window.addEventListener('popstate', onHistory);
    return () => window.removeEventListener('popstate', onHistory);
  }, []);
  useEffect(() => {
    const key = keyOf(view);
    // Never a second history entry for the URL already shown (a Back whose router update is still pending).
    if (key === keyOf(urlView) || key === keyOf(shownView())) return;
    const typing = view.q !== urlView.q;
    const t = setTimeout(() => {
      setSeen((s) => ({ ...s, written: key }));
      const url = urlFor(view);
      if (typing) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    }, typing ? 200 : 0);
    return () => clearTimeout(t);
  }, [view, urlView, urlFor]);
  return [view, setView];
}
