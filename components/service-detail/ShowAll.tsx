'use client';
import { useState } from 'react';

/** The first `limit` items until the user asks for all (long lists of a big Service stay cheap to render). */
export function useShowAll<T>(items: readonly T[], limit: number): { shown: readonly T[]; more: number; showAll: () => void } {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, limit);
  return { shown, more: items.length - shown.length, showAll: () => setAll(true) };
}

/** "N of M shown · Show all M" under a collapsed list; nothing when everything is shown. */
export function ShowAllButton({ shown, total, what, onClick, testId }: { shown: number; total: number; what: string; onClick: () => void; testId: string }) {
  if (total <= shown) return null;
  return (
    <div className="sd-more">
      <span className="muted">
        {shown} of {total} {what} shown.
      </span>{' '}
      <button type="button" className="button" data-testid={testId} onClick={onClick}>
        Show all {total}
      </button>
    </div>
  );
}
