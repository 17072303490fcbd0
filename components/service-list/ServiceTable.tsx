'use client';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useRouter } from 'next/navigation';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useHydrating } from '../../lib/client/hydration';
import { useNow } from '../../lib/client/use-now';
import { humanDuration } from '../../lib/k8s/duration';
import type { ServiceRow } from '../../lib/service-list/rows';
import type { SortKey } from '../../lib/service-list/sort';
import { shownSort, toggleSort, type ListViewState } from '../../lib/service-list/url-state';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { Icon } from '../chrome/Icon';
import { SafeText } from '../text/SafeText';
import { neutraliseBidi } from '../../lib/text/bidi';
import { RowMenuButton } from '../service-actions/RowMenuButton';

const COLUMNS: { key: SortKey; label: string; hint: string }[] = [
  { key: 'name', label: 'Name', hint: 'Service name' },
  { key: 'namespace', label: 'Namespace', hint: 'Namespace' },
  { key: 'type', label: 'Type', hint: 'Service type; ClusterIP Services with clusterIP None are shown as Headless' },
  { key: 'clusterIP', label: 'Cluster IP', hint: 'Virtual IPs inside the cluster (one per IP family)' },
  { key: 'external', label: 'External', hint: 'External address: load-balancer ingress, externalIPs, or the ExternalName target ("pending" while a load balancer has none)' },
  { key: 'ports', label: 'Ports', hint: 'port[:nodePort]/protocol → targetPort' },
  { key: 'selector', label: 'Selector', hint: 'Pods the Service sends traffic to' },
  { key: 'endpoints', label: 'Endpoints', hint: 'Ready / total endpoints, from the EndpointSlices' },
  { key: 'age', label: 'Age', hint: 'Time since creation' },
];

/** A row's height: globals.css's `--row-height` (44 px, cards 112 px on phones) places the rows with the same numbers. */
const ROW_HEIGHT = 44;
/**
 * The scroller's size assumed before it is measured: the server renders the rows a tall desktop window
 * shows, or for a phone 11 rows — a portrait screen of cards (112 px), a landscape one of rows.
 */
const FIRST_RECT = { width: 1280, height: 1200 };
const PHONE_FIRST_RECT = { width: 412, height: 11 * ROW_HEIGHT };
/** Rows rendered beyond the scroller's edges once the page runs (none in the server's HTML: what the first rect shows). */
const OVERSCAN = 12;
/** Element Timing: when the first row's name is painted (the benchmark's "first rows"). */
const FIRST_ROW_TIMING: Record<string, string> = { elementtiming: 'first-service-row' };
/** The header row (36 px + its border): it scrolls with the rows horizontally and sticks on top. */
const HEADER_HEIGHT = 37;

/** Where the list was when a row was opened, per list URL, so Back returns to the same row (D-17). */
const SCROLL_KEY = 'porthole:service-list-position';

interface SavedPosition {
  url: string;
  offset: number;
  key: string;
}

function readSavedPosition(): SavedPosition | undefined {
  try {
    const raw = sessionStorage.getItem(SCROLL_KEY);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as Partial<SavedPosition>;
    if (typeof saved.url !== 'string' || typeof saved.offset !== 'number' || typeof saved.key !== 'string') return undefined;
    return saved.url === window.location.pathname + window.location.search ? (saved as SavedPosition) : undefined;
  } catch {
    return undefined;
  }
}

function EndpointsCell({ row, loading }: { row: ServiceRow; loading: boolean }) {
  if (loading && row.type !== 'ExternalName') return <span className="muted" aria-label="loading">…</span>;
  const status = row.endpointStatus;
  return (
    <span className={`ep ${status.tone}`} title={status.title} aria-label={`${status.text}: ${status.title}`}>
      {status.text}
    </span>
  );
}

/** The first value, then "+N" for the others (all of them are in the cell's tooltip and the detail page). */
function FirstAndMore({ values, what }: { values: string[]; what: string }) {
  if (values.length === 1) return <span className="first">{values[0]}</span>;
  return (
    <>
      <span className="first">{values[0]}</span>
      <span className="more" aria-label={`and ${values.length - 1} more ${what}: ${values.slice(1).join(', ')}`}>+{values.length - 1}</span>
    </>
  );
}

/** Rows are cards on phones (see globals.css, `--row-height`): taller, so the virtualizer must know. */
const CARD_QUERY = '(max-width: 640px)';
const CARD_HEIGHT = 112;

function useRowHeight(): number {
  // The server knows no viewport: the hydrating render lays out table rows like the HTML, then phones switch to cards.
  const hydrating = useHydrating();
  const [narrow, setNarrow] = useState(() => !hydrating && typeof window !== 'undefined' && window.matchMedia(CARD_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(CARD_QUERY);
    const on = () => setNarrow(mq.matches);
    on();
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow ? CARD_HEIGHT : ROW_HEIGHT;
}

/** A plain left click: the app navigates; a modified or middle click is the browser's (new tab, window, download). */
function opensInPlace(e: MouseEvent<HTMLAnchorElement>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

const Row = memo(function Row({
  row,
  now,
  endpointsLoading,
  showNamespace,
  index,
}: {
  index: number;
  row: ServiceRow;
  now: number;
  endpointsLoading: boolean;
  showNamespace: boolean;
}) {
  const routes = usePageRoutes();
  const router = useRouter();
  const href = routes.service(row.namespace, row.name);
  const selectorTerms = row.selector ? row.selector.split(',') : [];
  // A Service that changes while on screen flashes once (not when it merely scrolls into view, nor
  // when the same version arrives again as a new object: the browser's own list taking over the
  // rows of the server's HTML).
  const el = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  const version = row.service.metadata.resourceVersion ?? row.service;
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const node = el.current;
    if (!node) return;
    node.classList.remove('flash');
    void node.offsetWidth;
    node.classList.add('flash');
  }, [version]);
  return (
    <div
      ref={el}
      className="tr svc-grid"
      role="row"
      // Placed by its index (globals.css: index × --row-height): the server's HTML stands on a phone as it
      // will after hydration, and a row moves without a style change when the row height changes.
      style={{ '--row': index } as CSSProperties}
      data-testid="service-row"
      data-key={row.key}
      aria-rowindex={index + 2}
    >
      <div className="td name" role="cell" data-col="name">
        {/* A plain anchor that navigates in the app (a row needs no prefetch, link status or visibility
            tracking: next/link's hooks, on every row of every screen, cost more than the row's own). */}
        <a
          href={href}
          title={neutraliseBidi(row.name)}
          data-row-index={index}
          {...(index === 0 ? FIRST_ROW_TIMING : undefined)}
          onClick={(e) => {
            const scroller = (e.currentTarget as HTMLElement).closest('.tbody');
            try {
              const position: SavedPosition = { url: window.location.pathname + window.location.search, offset: scroller?.scrollTop ?? 0, key: row.key };
              sessionStorage.setItem(SCROLL_KEY, JSON.stringify(position));
            } catch {
              // private mode without storage: Back starts at the top
            }
            if (opensInPlace(e)) {
              e.preventDefault();
              router.push(href);
            }
          }}
        >
          <SafeText text={row.name} />
        </a>
        {row.attention && !endpointsLoading ? (
          <span className={`attention ${row.attention.severity}`} title={row.attention.title} role="img" aria-label={`${row.attention.severity === 'error' ? 'Problem' : 'Warning'}: ${row.attention.title}`}>
            <Icon name="alert" size={14} />
          </span>
        ) : null}
        <RowMenuButton namespace={row.namespace} name={row.name} rowKey={row.key} />
      </div>
      {showNamespace ? (
        <div className="td ns" role="cell" data-col="namespace">
          <SafeText text={row.namespace} />
        </div>
      ) : null}
      <div className="td" role="cell" data-col="type">
        <span className={`type-badge type-${row.type}`}>{row.type}</span>
      </div>
      <div className="td mono" role="cell" data-col="clusterIP" title={row.clusterIP}>
        {row.clusterIP || <span className="muted">—</span>}
      </div>
      <div className="td mono" role="cell" data-col="external" title={row.external}>
        {row.externalKind === 'pending' ? <span className="pending">{row.external}</span> : row.external || <span className="muted">—</span>}
      </div>
      <div className="td mono" role="cell" data-col="ports" title={row.ports.join('\n')}>
        {row.ports.length ? <FirstAndMore values={row.ports} what="ports" /> : <span className="muted">—</span>}
      </div>
      <div className="td sel" role="cell" data-col="selector" title={selectorTerms.join('\n')}>
        {selectorTerms.length ? <FirstAndMore values={selectorTerms} what="selector terms" /> : <span className="muted">—</span>}
      </div>
      <div className="td" role="cell" data-col="endpoints">
        <EndpointsCell row={row} loading={endpointsLoading} />
      </div>
      <div className="td muted" role="cell" data-col="age" title={row.createdAt ? new Date(row.createdAt).toISOString() : undefined}>
        {row.createdAt ? humanDuration(now - row.createdAt) : '—'}
      </div>
    </div>
  );
});

/** The virtualized Service table: only the rows in view are in the DOM (smooth with 10,000 Services). */
export function ServiceTable({
  rows,
  phone,
  view,
  onSort,
  endpointsLoading,
  endpointsKnown,
}: {
  rows: ServiceRow[];
  /** The page was rendered for a phone: its HTML holds a phone's screen of rows. */
  phone: boolean;
  view: ListViewState;
  onSort: (v: ListViewState) => void;
  endpointsLoading: boolean;
  /** While endpoints load: the rows whose endpoints are known all the same. */
  endpointsKnown?: ReadonlySet<string>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const now = useNow(10_000);
  const showNamespace = view.namespace === undefined;
  const columns = showNamespace ? COLUMNS : COLUMNS.filter((c) => c.key !== 'namespace');
  const rowHeight = useRowHeight();
  const sortedBy = shownSort(view);
  const hydrating = useHydrating();
  const [restore] = useState(() => (hydrating ? undefined : readSavedPosition()));
  // Rows the server's HTML carried stay in the page until the list is scrolled: the measured scroller
  // (a phone's, a short window's) shows fewer, and removing them right after hydration costs the main
  // thread more than keeping them off screen (each is `contain: strict`).
  const [fromHtml] = useState(hydrating);
  const firstRect = phone ? PHONE_FIRST_RECT : FIRST_RECT;
  // The rows the server renders (the first rect's, no overscan).
  const htmlRows = Math.ceil(firstRect.height / ROW_HEIGHT);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const shown = defaultRangeExtractor(range);
      if (!fromHtml || range.startIndex > 0) return shown;
      const last = Math.min(range.count, htmlRows) - 1;
      return shown.length === 0 || shown[shown.length - 1] >= last ? shown : Array.from({ length: last + 1 }, (_, i) => i);
    },
    [fromHtml, htmlRows],
  );
  // A new key function makes the virtualizer measure every row again (50,000 of them): only with new rows.
  const getItemKey = useCallback((i: number) => rows[i].key, [rows]);
  // Rows in the server's HTML can be scrolled before the page hydrates. The virtualizer scrolls its
  // element to its initial offset when it mounts (a layout effect): read the offset before that one
  // runs (this effect is declared first, so it runs first) and scroll back to it once it listens.
  const scrolledBeforeHydration = useRef(0);
  useLayoutEffect(() => {
    scrolledBeforeHydration.current = scroller.current?.scrollTop ?? 0;
  }, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design
  const virtualizer = useVirtualizer({
    initialOffset: restore?.offset ?? 0,
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    // The header row sits (sticky) inside the scroller, above the rows.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // The server's HTML and the hydrating render hold the first rect's rows only (fewer elements to parse,
    // lay out and hydrate); the overscan comes once the scroller is measured.
    overscan: hydrating ? 0 : OVERSCAN,
    getItemKey,
    rangeExtractor,
    // Before the scroller is measured (the server's HTML, the hydrating render): a screen's worth of rows.
    initialRect: firstRect,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  useLayoutEffect(() => {
    if (scrolledBeforeHydration.current > 0 && !restore) virtualizer.scrollToOffset(scrolledBeforeHydration.current);
    // Once, on mount: later scrolls are the virtualizer's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Back from a Service: the same scroll offset, and focus on the row that was opened.
  useEffect(() => {
    if (!restore) return;
    sessionStorage.removeItem(SCROLL_KEY);
    let tries = 20;
    const focus = () => {
      const el = scroller.current;
      if (el && el.scrollTop !== restore.offset) el.scrollTop = restore.offset;
      const link = el?.querySelector<HTMLElement>(`[data-key="${CSS.escape(restore.key)}"] a`);
      if (link) link.focus({ preventScroll: true });
      else if (tries-- > 0) requestAnimationFrame(focus);
    };
    requestAnimationFrame(focus);
  }, [restore]);
  // Arrow keys, PageUp/PageDown, Home/End move between rows (only the visible rows exist in the DOM).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((e.target as HTMLElement).dataset.rowIndex ?? NaN);
    if (Number.isNaN(from)) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const to =
      e.key === 'ArrowDown' ? from + 1 : e.key === 'ArrowUp' ? from - 1 : e.key === 'PageDown' ? from + page : e.key === 'PageUp' ? from - page : e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : undefined;
    if (to === undefined) return;
    e.preventDefault();
    const target = Math.min(rows.length - 1, Math.max(0, to));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    const focus = (tries: number) => {
      const link = scroller.current?.querySelector<HTMLElement>(`[data-row-index="${target}"]`);
      if (link) link.focus({ preventScroll: true });
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    requestAnimationFrame(() => focus(10));
  };
  // One scroller for both directions: the header sticks on top, the Name column on the left.
  return (
    <div className={`svc-table${showNamespace ? '' : ' one-ns'}`} role="table" aria-label="Services" aria-rowcount={rows.length + 1}>
      <div className="tbody" role="rowgroup" ref={scroller} data-testid="service-rows" tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="thead svc-grid" role="row" aria-rowindex={1}>
          {columns.map((c) => {
            const sorted = sortedBy === c.key;
            return (
              <div key={c.key} className="th" role="columnheader" aria-sort={sorted ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" title={`${c.hint}. Click to sort.`} data-testid={`sort-${c.key}`} onClick={() => onSort(toggleSort(view, c.key))}>
                  {c.label}
                  <span className="sort-arrow" aria-hidden>
                    {sorted ? (view.dir === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
        <div className="rows-sizer" style={{ '--rows': rows.length } as CSSProperties}>
          {virtualizer.getVirtualItems().map((item) => (
            <Row
              key={item.key}
              row={rows[item.index]}
              now={now}
              endpointsLoading={endpointsLoading && !endpointsKnown?.has(rows[item.index].key)}
              showNamespace={showNamespace}
              index={item.index}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
