'use client';
import { createContext, useContext, type KeyboardEvent } from 'react';

export interface RowMenuTarget {
  namespace: string;
  name: string;
  /** The row's key in the list model (to find the live Service). */
  rowKey: string;
  /** The button that opened the menu (focus returns to it). */
  anchor: HTMLElement;
  /** Where focus goes when the menu opens. */
  focus: 'first' | 'last';
}

export interface RowMenuControl {
  openKey?: string;
  open: (target: RowMenuTarget) => void;
  close: () => void;
}

/** Provided by RowActionsHost: the one menu of the list, opened for one row at a time. */
export const RowMenuContext = createContext<RowMenuControl | null>(null);

export const ROW_MENU_ID = 'service-row-menu';

/** The per-row "Actions for ns/name" button: cheap (no menu, no permission review until opened). */
export function RowMenuButton({ namespace, name, rowKey }: { namespace: string; name: string; rowKey: string }) {
  const control = useContext(RowMenuContext);
  if (!control) return null;
  const expanded = control.openKey === rowKey;
  const openWith = (anchor: HTMLElement, focus: 'first' | 'last') => control.open({ namespace, name, rowKey, anchor, focus });
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      e.stopPropagation();
      openWith(e.currentTarget, e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  return (
    <button
      type="button"
      className="sa-row-menu-button"
      aria-label={`Actions for ${namespace}/${name}`}
      aria-haspopup="menu"
      aria-expanded={expanded}
      aria-controls={expanded ? ROW_MENU_ID : undefined}
      data-testid="row-actions"
      onKeyDown={onKeyDown}
      onClick={(e) => (expanded ? control.close() : openWith(e.currentTarget, 'first'))}
    >
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden fill="currentColor">
        <circle cx="3" cy="8" r="1.5" />
        <circle cx="8" cy="8" r="1.5" />
        <circle cx="13" cy="8" r="1.5" />
      </svg>
    </button>
  );
}
