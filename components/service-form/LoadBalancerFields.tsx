'use client';
/**
 * LoadBalancer-only fields (class, source ranges, node-port allocation, the deprecated
 * loadBalancerIP) and the cloud annotation presets, each with its one sentence.
 */
import type { Service } from '../../lib/k8s/types';
import { FORM_TEXT } from '../../lib/service-draft/form-text';
import { LB_PRESETS, presetApplied, type LoadBalancerPreset } from '../../lib/service-draft/lb-presets';
import { Help, SelectField, TextField } from './FieldShell';
import type { FieldView } from './field-visibility';
import { StringListEditor } from './KeyValueEditor';
import type { SectionProps } from './MetadataFields';

export function LoadBalancerPresets({ draft, onPreset }: { draft: Service; onPreset: (p: LoadBalancerPreset, on: boolean) => void }) {
  return (
    <fieldset className="sf-fieldset" aria-describedby="f-presets-help">
      <legend className="sf-label">Cloud load-balancer presets</legend>
      <Help id="f-presets-help">{FORM_TEXT.presets}</Help>
      <ul className="sf-presets">
        {LB_PRESETS.map((p) => {
          const on = presetApplied(draft, p);
          return (
            <li key={p.id}>
              <label className="sf-choice">
                <input type="checkbox" checked={on} onChange={() => onPreset(p, !on)} aria-describedby={`preset-${p.id}`} /> {p.title}
              </label>
              <span id={`preset-${p.id}`} className="sf-choice-help">
                {p.sentence} <code>{Object.keys(p.annotations).join(', ')}</code>
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export function LoadBalancerFields({ form, update, view, draft, onPreset }: SectionProps & { view: FieldView; draft: Service; onPreset: (p: LoadBalancerPreset, on: boolean) => void }) {
  const anyLb = view.show('loadBalancerClass') || view.show('loadBalancerSourceRanges') || view.show('allocateLoadBalancerNodePorts') || form.loadBalancerIP !== '';
  if (!anyLb) return null;
  const isLb = form.kind === 'LoadBalancer';
  return (
    <section className="sf-section" aria-labelledby="sf-lb-h">
      <h2 id="sf-lb-h">Load balancer</h2>
      {isLb ? <LoadBalancerPresets draft={draft} onPreset={onPreset} /> : null}
      <div className="sf-row">
        {view.show('loadBalancerClass') ? (
          <TextField id="f-lbclass" label="Load balancer class" value={form.loadBalancerClass} onChange={(loadBalancerClass) => update({ loadBalancerClass })} keys={['spec.loadBalancerClass']} placeholder="example.com/internal-vip" help={view.help('loadBalancerClass')} />
        ) : null}
        {view.show('allocateLoadBalancerNodePorts') ? (
          <SelectField<'' | 'true' | 'false'>
            id="f-alnp"
            label="Allocate node ports"
            value={form.allocateLoadBalancerNodePorts}
            onChange={(allocateLoadBalancerNodePorts) => update({ allocateLoadBalancerNodePorts })}
            options={[
              { value: '', label: 'Default (yes)' },
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]}
            keys={['spec.allocateLoadBalancerNodePorts']}
            help={view.help('allocateLoadBalancerNodePorts')}
          />
        ) : null}
      </div>
      {view.show('loadBalancerSourceRanges') ? (
        <StringListEditor id="f-lbsourceranges" noun="Source range" legend="Allowed source ranges" values={form.loadBalancerSourceRanges} onChange={(loadBalancerSourceRanges) => update({ loadBalancerSourceRanges })} keys={['spec.loadBalancerSourceRanges']} help={view.help('loadBalancerSourceRanges')} placeholder="203.0.113.0/24" />
      ) : null}
      {isLb || form.loadBalancerIP ? (
        <TextField id="f-lbip" label="Load balancer IP" badge="deprecated" value={form.loadBalancerIP} onChange={(loadBalancerIP) => update({ loadBalancerIP })} keys={['spec.loadBalancerIP']} placeholder="(use the provider's annotation)" help={FORM_TEXT.loadBalancerIP} />
      ) : null}
    </section>
  );
}
