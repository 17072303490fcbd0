'use client';
/** The editor's three-way merge state: merge base/live/mine into the text, and mark the conflicts. */
import { useState } from 'react';
import { LineCounter, parseDocument } from 'yaml';
import type { Service } from '../../lib/k8s/types';
import { editorObject } from '../../lib/service-yaml/editor-text';
import { locateField } from '../../lib/service-yaml/locate';
import type { YamlMarker } from '../../lib/service-yaml/markers';
import { rewriteYaml } from '../../lib/service-yaml/sync-document';
import { threeWayMerge, type ThreeWayResult } from '../../lib/service-draft/three-way';

const show = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));

export function useThreeWay() {
  const [result, setResult] = useState<ThreeWayResult | undefined>();
  const [reason, setReason] = useState('');
  return {
    result,
    reason,
    clear: () => setResult(undefined),
    /** Merges and returns the new text (the user's comments kept); live's resourceVersion becomes the base. */
    merge(why: string, base: Service, live: Service, mine: Service, text: string): string {
      const r = threeWayMerge(editorObject(base), editorObject(live), editorObject(mine));
      setResult(r);
      setReason(why);
      return rewriteYaml(text, r.merged);
    },
  };
}

/** The conflicts of a merge as markers at their fields in `text`. */
export function conflictMarkers(result: ThreeWayResult | undefined, text: string): YamlMarker[] {
  if (!result || result.conflicts.length === 0) return [];
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  return result.conflicts.map((c) => ({
    ...locateField(doc, lineCounter, text, c.path).range,
    source: 'conflict' as const,
    severity: 'warning' as const,
    message: `${c.path} was changed both in the cluster and by you: when loaded ${show(c.base)}, live now ${show(c.live)}, yours ${show(c.mine)} (yours is kept).`,
  }));
}
