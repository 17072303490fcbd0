'use client';
import { memo, useEffect, useRef } from 'react';
import { DISPLAY_TYPES, type DisplayType } from '../../lib/service/display';
import { toggleType, type ListViewState } from '../../lib/service-list/url-state';
import { Icon } from '../chrome/Icon';
import { ListLegend } from './ListLegend';

interface Props {
  view: ListViewState;
  query: string;
  onQuery: (q: string) => void;
  onView: (v: ListViewState) => void;
  typeCounts: Record<DisplayType, number>;
  /** Services the diagnosis rules flag (undefined while the EndpointSlices load). */
  attentionCount?: number;
  shown?: number;
  total: number;
  /** The list is still streaming in: `total` is what arrived so far. */
  loadingMore?: boolean;
}

/** Search (press "/" to focus), type filter chips with counts, and the result count. */
export function ServiceToolbar({ view, query, onQuery, onView, typeCounts, attentionCount, shown, total, loadingMore }: Props) {
  return (
    <div className="toolbar">
      <SearchBox query={query} onQuery={onQuery} />
      <button
        type="button"
        className="chip attention-chip"
        aria-pressed={!!view.attention}
        data-testid="attention-filter"
        title="Services the diagnosis flags: nothing or not all ready behind them, no selector and no EndpointSlices, slices without ports, load balancer pending. Open one for the full diagnosis."
        onClick={() => onView({ ...view, attention: !view.attention })}
      >
        <Icon name="alert" size={14} />
        Needs attention
        <span className="chip-count">{attentionCount ?? '…'}</span>
      </button>
      <div className="chips" role="group" aria-label="Filter by type">
        {DISPLAY_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            className="chip"
            aria-pressed={view.types.includes(t)}
            data-testid={`type-filter-${t}`}
            onClick={() => onView(toggleType(view, t))}
          >
            <span className={`type-badge type-${t}`} style={{ background: 'none', padding: 0 }}>
              {t}
            </span>
            <span className="chip-count">{typeCounts[t]}</span>
          </button>
        ))}
      </div>
      <span className="result-count" data-testid="result-count" aria-live={loadingMore ? 'off' : 'polite'} aria-busy={loadingMore || undefined}>
        {shown === undefined ? '' : shown === total ? `${total} Service${total === 1 ? '' : 's'}` : `${shown} of ${total} Services`}
        {/* The count's width does not depend on the loading state: the indicator sits in space the count
            always keeps (a toolbar that wraps while loading and unwraps after moves the whole table). */}
        {loadingMore ? (
          <>
            <span className="count-loading" aria-hidden />
            <span className="visually-hidden"> so far, loading…</span>
          </>
        ) : null}
      </span>
      <ListLegend />
    </div>
  );
}

/**
 * The search field, re-rendered only when its text changes: React sets a controlled input's `type`
 * and `name` again on every render, and the list page renders the toolbar on every streamed chunk,
 * count and tick (each a DOM attribute change the browser must restyle for).
 * `onQuery` must be stable (a state setter's callback).
 */
const SearchBox = memo(function SearchBox({ query, onQuery }: { query: string; onQuery: (q: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== '/' || e.metaKey || e.ctrlKey || e.altKey) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="search">
      <svg className="search-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.6">
        <circle cx="7" cy="7" r="4.5" />
        <path d="m10.5 10.5 3.5 3.5" />
      </svg>
      <label htmlFor="service-search" className="visually-hidden">
        Search Services
      </label>
      <input
        id="service-search"
        ref={input}
        className="input"
        type="search"
        placeholder="Search name, IP, label…"
        title="Every word must match: name, namespace, type, IPs, ports, label or selector values. key=value and key!=value match labels exactly; key / !key: has / lacks the label. Best name matches first until you sort by a column."
        autoComplete="off"
        spellCheck={false}
        value={query}
        data-testid="service-search"
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onQuery('');
        }}
      />
      {query ? null : <kbd aria-hidden>/</kbd>}
    </div>
  );
});
