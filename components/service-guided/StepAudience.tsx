'use client';
/** Step 2, "who should reach it": the kind of Service, what each costs and when to pick it; and its name. */
import type { FieldError } from '../../lib/k8s/field-errors';
import { SERVICE_KIND_DESCRIPTIONS } from '../../lib/service';
import { KIND_CHOICES, RECOMMENDED_KIND } from '../../lib/service-guided/kind-choices';
import { suggestServiceName, type GuidedState } from '../../lib/service-guided/guided-draft';
import { FieldErrors } from './FieldErrors';

interface Props {
  state: GuidedState;
  update: (patch: Partial<GuidedState>) => void;
  errors: readonly FieldError[];
  /** A Service of that name already exists in the namespace. */
  taken: boolean;
}

const KIND_TITLE: Record<string, string> = {
  ClusterIP: 'Inside the cluster (ClusterIP)',
  NodePort: 'A port on every node (NodePort)',
  LoadBalancer: 'A cloud load balancer (LoadBalancer)',
  headless: 'Each pod by name (headless)',
  ExternalName: 'A name outside the cluster (ExternalName)',
};

export function StepAudience({ state, update, errors, taken }: Props) {
  const suggestion = suggestServiceName(state.selector);
  return (
    <>
      <p className="gd-explain">
        Every Service gets a DNS name inside the cluster. What differs is who else can connect, and what that costs. Each kind below builds on
        the one before it: a LoadBalancer is also a NodePort, which is also a ClusterIP.
      </p>
      <p className="gd-recommend">Recommended: <strong>ClusterIP</strong>, unless clients outside the cluster must connect. You can change the type later.</p>
      <fieldset className="gd-kinds">
        <legend>Who should reach it?</legend>
        {KIND_CHOICES.map((c) => (
          <label key={c.kind} className={`gd-kind${state.kind === c.kind ? ' selected' : ''}`}>
            <input type="radio" name="gd-kind" value={c.kind} checked={state.kind === c.kind} onChange={() => update({ kind: c.kind })} />
            <span className="gd-kind-body">
              <span className="gd-kind-title">
                {KIND_TITLE[c.kind]} {c.kind === RECOMMENDED_KIND && <span className="gd-badge">recommended</span>}
              </span>
              <span className="gd-kind-audience">{c.audience}.</span>
              <span>{SERVICE_KIND_DESCRIPTIONS[c.kind]}</span>
              <span>
                <strong>Costs:</strong> {c.costs}
              </span>
              <span>
                <strong>When:</strong> {c.pickWhen}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {state.kind === 'ExternalName' && (
        <div className="gd-field">
          <label htmlFor="gd-external">External host name</label>
          <input id="gd-external" className="input mono" value={state.externalName} placeholder="db.example.com" onChange={(e) => update({ externalName: e.target.value })} />
          <span className="gd-hint">A DNS name, not an IP address. The pods chosen in step 1 are not used by an ExternalName Service.</span>
          <FieldErrors errors={errors} prefix="spec.externalName" />
        </div>
      )}
      <div className="gd-field">
        <label htmlFor="gd-name">Service name</label>
        <input id="gd-name" className="input mono" value={state.name} placeholder={suggestion || 'my-service'} onChange={(e) => update({ name: e.target.value })} />
        {!state.name && suggestion && (
          <button type="button" className="button" onClick={() => update({ name: suggestion })}>
            Use “{suggestion}”
          </button>
        )}
        <span className="gd-hint">
          Pods reach it as <code>{state.name || suggestion || 'name'}</code> in {state.namespace || 'its namespace'}. Lower-case letters, digits and
          dashes, starting with a letter, at most 63 characters.
        </span>
        <FieldErrors errors={errors} prefix="metadata.name" />
        {taken && (
          <p className="gd-bad" role="alert">
            A Service named “{state.name.trim()}” already exists in {state.namespace}: choose another name.
          </p>
        )}
      </div>
    </>
  );
}
