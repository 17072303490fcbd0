'use client';
/**
 * Keeps the editor text in localStorage (per cluster/namespace/name) while it differs from what was
 * loaded: 300 ms after the last change, or at once when the page goes away.
 */
import { useEffect } from 'react';
import type { Service } from '../../lib/k8s/types';
import { discardDraft, saveDraft, type DraftRef } from '../../lib/service-yaml/drafts';

const SAVE_DELAY_MS = 300;

export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function useDraftPersistence(ref: DraftRef | undefined, text: string | undefined, pristine: string | undefined, base: Service | undefined): void {
  useEffect(() => {
    const storage = browserStorage();
    if (!ref || !storage || text === undefined) return;
    const write = () => {
      if (text === pristine) discardDraft(storage, ref);
      else saveDraft(storage, ref, { text, baseResourceVersion: base?.metadata.resourceVersion, base });
    };
    const timer = setTimeout(write, SAVE_DELAY_MS);
    // A reload or a closed tab right after a keystroke still keeps it.
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [ref?.cluster, ref?.namespace, ref?.name, text, pristine, base]); // eslint-disable-line react-hooks/exhaustive-deps
}
