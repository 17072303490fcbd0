'use client';
/**
 * The draft of the Service create/edit page, shared by its Form and YAML views: the object the
 * edit started from (`base`: the loaded Service, or the create skeleton), the draft being edited,
 * whether they differ, and the view (`?view=form|yaml` in the URL). The YAML editor plugs in as
 * `ServiceYamlPane({ draft, onDraftChange })`.
 */
import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import type { Service } from '../k8s/types';
import { editableChanges } from '../service-draft/three-way';

export type DraftView = 'form' | 'yaml';

export interface ServiceDraftState {
  base: Service;
  draft: Service;
  dirty: boolean;
  setDraft: (next: Service) => void;
  /** Start again from a new base (after a save, or re-applying edits on the current object). */
  rebase: (base: Service, draft?: Service) => void;
  /** Throw the edits away. */
  reset: () => void;
  view: DraftView;
  setView: (view: DraftView) => void;
}

/**
 * No edit between the two: key order and server-owned fields (managedFields, status, which the YAML
 * view hides or folds and re-parses without) do not count.
 */
const same = (a: Service, b: Service): boolean => editableChanges(a, b).length === 0;

export function parseDraftView(value: string | null): DraftView {
  return value === 'yaml' ? 'yaml' : 'form';
}

export function useServiceDraft(initial: Service): ServiceDraftState {
  const [state, setState] = useState({ base: initial, draft: initial });
  const params = useSearchParams();
  const [view, setViewState] = useState<DraftView>(() => parseDraftView(params.get('view')));
  const setDraft = useCallback((draft: Service) => setState((s) => ({ ...s, draft })), []);
  const rebase = useCallback((base: Service, draft?: Service) => setState({ base, draft: draft ?? base }), []);
  const reset = useCallback(() => setState((s) => ({ ...s, draft: s.base })), []);
  const setView = useCallback((next: DraftView) => {
    setViewState(next);
    const url = new URL(window.location.href);
    url.searchParams.set('view', next);
    window.history.replaceState(window.history.state, '', url.toString());
  }, []);
  const dirty = useMemo(() => !same(state.base, state.draft), [state]);
  return { base: state.base, draft: state.draft, dirty, setDraft, rebase, reset, view, setView };
}
