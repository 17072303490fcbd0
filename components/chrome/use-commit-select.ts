'use client';
import { useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A <select> whose choice reloads the page (the cluster picker, "Acting as"). Chromium changes a
 * closed select's value on every arrow key or typed letter, and fires `change` each time: acting on
 * that took keyboard users to the next cluster on their first ArrowDown. Here a choice made with
 * those keys is only shown, and applied with Enter (Escape or leaving the control puts the current
 * one back); a choice made with the pointer, or in the opened list, applies at once.
 */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

export interface CommitSelect {
  value: string;
  onChange(e: ChangeEvent<HTMLSelectElement>): void;
  onKeyDown(e: KeyboardEvent<HTMLSelectElement>): void;
  onMouseDown(): void;
  onBlur(e: FocusEvent<HTMLSelectElement>): void;
}

export function useCommitSelect(current: string, commit: (value: string) => void): CommitSelect {
  const [shown, setShown] = useState(current);
  const browsing = useRef(false);
  return {
    value: shown,
    onChange(e) {
      setShown(e.target.value);
      if (browsing.current) return; // keyboard browsing: wait for Enter
      if (e.target.value !== current) commit(e.target.value);
    },
    onKeyDown(e) {
      // Alt+ArrowDown / F4 / Space open the list: a choice there is made with Enter and applies.
      const opens = (e.altKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) || e.key === 'F4' || e.key === ' ';
      if (opens) browsing.current = false;
      else if (BROWSING_KEYS.has(e.key) || (e.key.length === 1 && !e.ctrlKey && !e.metaKey)) browsing.current = true;
      else if (e.key === 'Enter') {
        browsing.current = false;
        if (shown !== current) {
          e.preventDefault();
          commit(shown);
        }
      } else if (e.key === 'Escape') {
        browsing.current = false;
        setShown(current);
      }
    },
    onMouseDown() {
      browsing.current = false;
    },
    onBlur() {
      browsing.current = false;
      setShown(current);
    },
  };
}
