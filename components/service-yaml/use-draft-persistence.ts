'use client';
/** Keeps the editor text in localStorage (per cluster/namespace/name) while it differs from what was loaded. */
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
    const timer = setTimeout(() => {
      if (text === pristine) discardDraft(storage, ref);
      else saveDraft(storage, ref, { text, baseResourceVersion: base?.metadata.resourceVersion, base });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref?.cluster, ref?.namespace, ref?.name, text, pristine, base]); // eslint-disable-line react-hooks/exhaustive-deps
}
