'use client';
/**
 * The guided flow's state and step: the step lives in the URL (`?step=N`, so browser back/forward
 * moves between steps), everything else in sessionStorage (survives reloads and back/forward, not
 * shared between tabs).
 */
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { parseGuidedState, stepFromParam, type GuidedState } from '../../lib/service-guided/guided-draft';

export const GUIDED_STORAGE_KEY = 'porthole.guided-service.v1';

function load(): GuidedState {
  try {
    return parseGuidedState(sessionStorage.getItem(GUIDED_STORAGE_KEY));
  } catch {
    return parseGuidedState(null);
  }
}

export function useGuidedState() {
  const router = useRouter();
  const routes = usePageRoutes();
  const params = useSearchParams();
  const step = stepFromParam(params.get('step'));
  const [state, setState] = useState<GuidedState>(load);
  const update = useCallback((patch: Partial<GuidedState>) => {
    setState((prev) => {
      const next = { ...prev, ...patch };
      try {
        sessionStorage.setItem(GUIDED_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the flow still works in this page view.
      }
      return next;
    });
  }, []);
  const goTo = useCallback((n: number) => router.push(routes.newServiceGuided({ step: n })), [router, routes]);
  const reset = useCallback(() => {
    try {
      sessionStorage.removeItem(GUIDED_STORAGE_KEY);
    } catch {
      // nothing stored
    }
  }, []);
  /** `?namespace=` (the list's "Guided" button passes the namespace shown). */
  const namespaceParam = params.get('namespace') ?? '';
  return { step, state, update, goTo, reset, namespaceParam };
}
