'use client';
/** Step 1, "what to expose": the namespace, and the pods — by label, or one pod's labels. */
import { formatLabels } from '../../lib/k8s/labels';
import type { Pod } from '../../lib/k8s/types';
import { perPodLabels, selectorFromPod } from '../../lib/service-draft/selector-suggestions';
import type { GuidedState } from '../../lib/service-guided/guided-draft';
import { SelectorBuilder } from '../service-form/SelectorBuilder';
import type { FieldError } from '../../lib/k8s/field-errors';
import { FieldErrors } from './FieldErrors';

interface Props {
  state: GuidedState;
  update: (patch: Partial<GuidedState>) => void;
  namespaces: readonly string[];
  /** Pods per namespace, where known (the choice shows them). */
  podCounts: ReadonlyMap<string, number>;
  namespacesLoading: boolean;
  /** The namespaces cannot be listed (403): the namespace is typed instead. */
  namespacesFailed: boolean;
  pods: readonly Pod[];
  errors: readonly FieldError[];
}

/** "shop (5 pods)", "default (no pods)"; the bare name while unknown. */
function namespaceLabel(name: string, counts: ReadonlyMap<string, number>): string {
  const n = counts.get(name);
  if (n === undefined) return name;
  return `${name} (${n === 0 ? 'no pods' : n === 1 ? '1 pod' : `${n} pods`})`;
}

export function StepWorkload({ state, update, namespaces, podCounts, namespacesLoading, namespacesFailed, pods, errors }: Props) {
  const picked = state.mode === 'pod' ? pods.find((p) => p.metadata.name === state.pod) : undefined;
  const leftOut = picked ? perPodLabels(picked) : [];
  const choosePod = (name: string) => {
    const pod = pods.find((p) => p.metadata.name === name);
    update({ pod: name || undefined, ...(pod ? { selector: selectorFromPod(pod) } : {}) });
  };
  return (
    <>
      <p className="gd-explain">
        A Service sends traffic to a group of pods. It finds them by their <strong>labels</strong>: every pod carrying all the labels you choose
        here receives traffic, including pods created later (for example when a Deployment scales up or rolls out).
      </p>
      <p className="gd-recommend">
        Recommended: choose the label that names the application (often <code>app</code> or <code>app.kubernetes.io/name</code>) and check that
        the list below shows exactly the pods you mean.
      </p>
      <div className="gd-field">
        <label htmlFor="gd-namespace">Namespace of the new Service</label>
        {namespacesFailed ? (
          <input id="gd-namespace" className="input mono" value={state.namespace} onChange={(e) => update({ namespace: e.target.value.trim(), selector: {}, pod: undefined, ports: [] })} />
        ) : (
          <select
            id="gd-namespace"
            className="select"
            value={state.namespace}
            onChange={(e) => update({ namespace: e.target.value, selector: {}, pod: undefined, ports: [] })}
          >
            {!namespaces.includes(state.namespace) && <option value={state.namespace}>{state.namespace || (namespacesLoading ? 'Loading…' : 'No namespace')}</option>}
            {namespaces.map((n) => (
              <option key={n} value={n}>
                {namespaceLabel(n, podCounts)}
              </option>
            ))}
          </select>
        )}
        <span className="gd-hint">Only namespaces where you may create Services are offered. The Service and its pods live in the same namespace.</span>
      </div>
      <FieldErrors errors={errors} prefix="metadata.namespace" />
      <fieldset className="gd-choice-row">
        <legend>How do you want to choose the pods?</legend>
        <label>
          <input type="radio" name="gd-mode" checked={state.mode === 'labels'} onChange={() => update({ mode: 'labels' })} /> By label
        </label>
        <label>
          <input type="radio" name="gd-mode" checked={state.mode === 'pod'} onChange={() => update({ mode: 'pod' })} /> Pick a pod and use its labels
        </label>
      </fieldset>
      {state.mode === 'pod' && (
        <div className="gd-field">
          <label htmlFor="gd-pod">Pod</label>
          <select id="gd-pod" className="select" value={state.pod ?? ''} onChange={(e) => choosePod(e.target.value)}>
            <option value="">Choose a pod…</option>
            {pods.map((p) => (
              <option key={p.metadata.name} value={p.metadata.name}>
                {`${p.metadata.name} — ${formatLabels(p.metadata.labels)}`}
              </option>
            ))}
          </select>
          <span className="gd-hint">Its labels become the selector (without per-pod and per-rollout labels such as pod-template-hash, so its siblings and replacements match too). Remove the ones that are too specific.</span>
          {leftOut.length > 0 && (
            <p className="gd-hint" role="note" aria-label="Labels left out">
              Left out of the selector, because they name one pod or one revision: {leftOut.map(([k, v]) => `${k}=${v}`).join(', ')}
            </p>
          )}
        </div>
      )}
      {state.namespace && <SelectorBuilder namespace={state.namespace} selector={state.selector} onChange={(selector) => update({ selector })} />}
      <FieldErrors errors={errors} prefix="spec.selector" />
    </>
  );
}
