'use client';
/**
 * The parts of a new Service's draft the user has changed at least once (sticky: typing a name and
 * clearing it again leaves the name touched). See lib/service-draft/touched.ts.
 */
import { useState } from 'react';
import type { Service } from '../k8s/types';
import { changedParts } from '../service-draft/touched';

export function useTouchedParts(draft: Service, initial: Service): ReadonlySet<string> {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const fresh = changedParts(draft, initial).filter((p) => !touched.has(p));
  if (fresh.length) {
    const next = new Set([...touched, ...fresh]);
    setTouched(next);
    return next;
  }
  return touched;
}
