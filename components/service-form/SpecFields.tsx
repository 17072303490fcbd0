'use client';
/**
 * The spec fields between ports and the LoadBalancer block: selector, cluster IP, IP families,
 * session affinity, traffic policies, external IPs, publishNotReadyAddresses, trafficDistribution
 * and externalName — each only where it applies to the kind (field-visibility.ts).
 */
import type { IPFamily, IPFamilyPolicy, Service, SessionAffinity, TrafficPolicy } from '../../lib/k8s/types';
import type { ServiceKind } from '../../lib/service';
import { selectorSelectsPods } from '../../lib/service/ignored-fields';
import { FORM_TEXT } from '../../lib/service-draft/form-text';
import { mapOf, rowsOf, type ClusterIPMode } from '../../lib/service-draft/form-model';
import { CheckField, FieldMessages, Help, SelectField, TextField, useFieldMessages } from './FieldShell';
import type { FieldView } from './field-visibility';
import { StringListEditor } from './KeyValueEditor';
import { SelectorBuilder } from './SelectorBuilder';
import type { SectionProps } from './MetadataFields';

const opts = <T extends string>(values: readonly T[], empty: string) => [{ value: '' as T, label: empty }, ...values.map((v) => ({ value: v, label: v }))];
const FAMILY_CHOICES = ['IPv4', 'IPv6', 'IPv4,IPv6', 'IPv6,IPv4'] as const;

function SelectorField({ form, update, view, originalSelector }: SectionProps & { view: FieldView; originalSelector?: Readonly<Record<string, string>> }) {
  const messages = useFieldMessages(['spec.selector'], true);
  const help = view.help('selector');
  const describedBy = help ? 'f-selector-msgs f-selector-help' : 'f-selector-msgs';
  return (
    <div className="sf-group">
      <fieldset className="sf-fieldset sf-inline">
        <legend className="sf-label">Which pods get the traffic</legend>
        <label>
          <input type="radio" name="sf-selector-mode" checked={form.selectorMode === 'selector'} onChange={() => update({ selectorMode: 'selector' })} /> Pods with these labels
        </label>
        <label>
          <input type="radio" name="sf-selector-mode" checked={form.selectorMode === 'none'} onChange={() => update({ selectorMode: 'none' })} /> No selector
        </label>
      </fieldset>
      {form.selectorMode === 'selector' && !selectorSelectsPods(form.kind) ? (
        // ExternalName: the selector picks no pods, so no match count; say so and offer to clear it.
        <div className="sf-fieldset" id="f-selector" data-testid="selector-ignored">
          <FieldMessages id="f-selector-msgs" messages={messages} />
          <p className="sf-help">
            Selector: <code>{form.selector.filter((r) => r.key).map((r) => `${r.key}=${r.value}`).join(', ')}</code>{' '}
            <button type="button" className="button" onClick={() => update({ selectorMode: 'none' })}>
              Clear the selector
            </button>
          </p>
        </div>
      ) : form.selectorMode === 'selector' ? (
        <fieldset className="sf-fieldset sf-kv" id="f-selector" aria-describedby={describedBy}>
          <legend className="sf-label">Pod selector</legend>
          <SelectorBuilder
            namespace={form.namespace || 'default'}
            selector={mapOf(form.selector)}
            onChange={(next) => update({ selector: rowsOf(next) })}
            original={originalSelector}
            noun="Selector"
            describedBy={describedBy}
          />
          <FieldMessages id="f-selector-msgs" messages={messages} />
          {help ? <Help id="f-selector-help">{help}</Help> : null}
        </fieldset>
      ) : (
        <Help id="f-selector-none">{FORM_TEXT.noSelector}</Help>
      )}
    </div>
  );
}

function ClusterIPField({ form, update, onKind, stored }: SectionProps & { onKind: (k: ServiceKind) => void; stored?: Service }) {
  const messages = useFieldMessages(['spec.clusterIP', 'spec.clusterIPs'], true);
  const storedIP = stored?.spec?.type !== 'ExternalName' ? stored?.spec?.clusterIP : undefined;
  if (storedIP) {
    // An existing Service keeps its cluster IP: the API server refuses any change (only a switch to
    // ExternalName drops it). Nothing to choose, so nothing offered.
    return (
      <div className="sf-field" aria-describedby="f-clusterip-msgs">
        <span className="sf-label" id="f-clusterip-label">Cluster IP</span>
        <p className="sf-fixed" aria-labelledby="f-clusterip-label" data-testid="cluster-ip-fixed">
          <code>{storedIP === 'None' ? 'None (headless)' : (stored?.spec?.clusterIPs ?? [storedIP]).join(', ')}</code>
        </p>
        <Help id="f-clusterip-help">{FORM_TEXT.clusterIPImmutable}</Help>
        <FieldMessages id="f-clusterip-msgs" messages={messages} />
      </div>
    );
  }
  const headlessPossible = form.kind === 'ClusterIP' || form.kind === 'headless';
  const choose = (mode: ClusterIPMode) => {
    if (mode === 'headless') onKind('headless');
    else if (form.kind === 'headless') onKind('ClusterIP');
    else update({ clusterIPMode: mode });
  };
  const modes: [ClusterIPMode, string, string][] = [
    ['allocated', 'Allocated by the cluster', FORM_TEXT.clusterIPAllocated],
    ['fixed', 'A fixed address', FORM_TEXT.clusterIPFixed],
    ...(headlessPossible ? [['headless', 'None (headless)', FORM_TEXT.clusterIPHeadless] as [ClusterIPMode, string, string]] : []),
  ];
  return (
    <fieldset className="sf-fieldset" aria-describedby="f-clusterip-msgs">
      <legend className="sf-label">Cluster IP</legend>
      {modes.map(([mode, label, help]) => (
        <label key={mode} className="sf-choice">
          <input type="radio" name="sf-clusterip-mode" checked={form.clusterIPMode === mode} onChange={() => choose(mode)} /> {label}
          <span className="sf-choice-help">{help}</span>
        </label>
      ))}
      {form.clusterIPMode === 'fixed' ? (
        <TextField id="f-clusterip" label="Cluster IP address" value={form.clusterIP} onChange={(clusterIP) => update({ clusterIP })} keys={[]} placeholder="10.96.0.50" />
      ) : null}
      <FieldMessages id="f-clusterip-msgs" messages={messages} />
    </fieldset>
  );
}

export function SpecFields({ form, update, view, onKind, originalSelector, stored }: SectionProps & {
  /** Editing: the Service as loaded (its cluster IP is fixed). */
  stored?: Service;
  view: FieldView;
  onKind: (k: ServiceKind) => void;
  /** Editing: the stored Service's selector (the selector builder previews what a change gains and loses). */
  originalSelector?: Readonly<Record<string, string>>;
}) {
  const families = form.ipFamilies.join(',');
  return (
    <section className="sf-section" aria-labelledby="sf-spec-h">
      <h2 id="sf-spec-h">Routing</h2>
      {view.show('externalName') ? (
        <TextField id="f-externalname" label="External name" value={form.externalName} onChange={(externalName) => update({ externalName })} keys={['spec.externalName']} help={view.help('externalName')} placeholder="db.example.com" />
      ) : null}
      {view.show('selector') ? <SelectorField form={form} update={update} view={view} originalSelector={originalSelector} /> : null}
      {view.show('clusterIP') ? <ClusterIPField form={form} update={update} onKind={onKind} stored={stored} /> : null}
      <div className="sf-row">
        {view.show('ipFamilyPolicy') ? (
          <SelectField<IPFamilyPolicy | ''>
            id="f-ipfamilypolicy"
            label="IP family policy"
            value={form.ipFamilyPolicy}
            onChange={(ipFamilyPolicy) => update({ ipFamilyPolicy })}
            options={opts<IPFamilyPolicy>(['SingleStack', 'PreferDualStack', 'RequireDualStack'], 'Default (SingleStack)')}
            keys={['spec.ipFamilyPolicy']}
            help={view.help('ipFamilyPolicy')}
          />
        ) : null}
        {view.show('ipFamilies') ? (
          <SelectField<string>
            id="f-ipfamilies"
            label="IP families"
            value={families}
            onChange={(v) => update({ ipFamilies: v ? (v.split(',') as IPFamily[]) : [] })}
            options={opts<string>(families && !FAMILY_CHOICES.includes(families as (typeof FAMILY_CHOICES)[number]) ? [...FAMILY_CHOICES, families] : FAMILY_CHOICES, 'Default (the cluster primary)')}
            keys={['spec.ipFamilies']}
            nested
            help={view.help('ipFamilies')}
          />
        ) : null}
      </div>
      <div className="sf-row">
        {view.show('sessionAffinity') ? (
          <SelectField<SessionAffinity | ''>
            id="f-sessionaffinity"
            label="Session affinity"
            value={form.sessionAffinity}
            onChange={(sessionAffinity) => update({ sessionAffinity })}
            options={opts<SessionAffinity>(['None', 'ClientIP'], 'Default (None)')}
            keys={['spec.sessionAffinity']}
            help={view.help('sessionAffinity')}
          />
        ) : null}
        {view.show('sessionAffinityConfig') ? (
          <TextField id="f-affinitytimeout" label="Affinity timeout (seconds)" value={form.affinityTimeout} onChange={(affinityTimeout) => update({ affinityTimeout })} keys={['spec.sessionAffinityConfig']} nested numeric placeholder="10800" help={view.help('sessionAffinityConfig')} />
        ) : null}
      </div>
      <div className="sf-row">
        {view.show('internalTrafficPolicy') ? (
          <SelectField<TrafficPolicy | ''>
            id="f-itp"
            label="Internal traffic policy"
            value={form.internalTrafficPolicy}
            onChange={(internalTrafficPolicy) => update({ internalTrafficPolicy })}
            options={opts<TrafficPolicy>(['Cluster', 'Local'], 'Default (Cluster)')}
            keys={['spec.internalTrafficPolicy']}
            help={view.help('internalTrafficPolicy')}
          />
        ) : null}
        {view.show('externalTrafficPolicy') ? (
          <SelectField<TrafficPolicy | ''>
            id="f-etp"
            label="External traffic policy"
            value={form.externalTrafficPolicy}
            onChange={(externalTrafficPolicy) => update({ externalTrafficPolicy })}
            options={opts<TrafficPolicy>(['Cluster', 'Local'], 'Default (Cluster)')}
            keys={['spec.externalTrafficPolicy']}
            help={view.help('externalTrafficPolicy')}
          />
        ) : null}
        {view.show('healthCheckNodePort') ? (
          <TextField id="f-hcnp" label="Health-check node port" value={form.healthCheckNodePort} onChange={(healthCheckNodePort) => update({ healthCheckNodePort })} keys={['spec.healthCheckNodePort']} numeric placeholder="allocated" help={view.help('healthCheckNodePort')} />
        ) : null}
      </div>
      {view.show('externalIPs') ? (
        <StringListEditor id="f-externalips" noun="External IP" legend="External IPs" values={form.externalIPs} onChange={(externalIPs) => update({ externalIPs })} keys={['spec.externalIPs']} help={view.help('externalIPs')} placeholder="192.0.2.10" />
      ) : null}
      <div className="sf-row">
        {view.show('trafficDistribution') ? (
          <TextField id="f-trafficdistribution" label="Traffic distribution" value={form.trafficDistribution} onChange={(trafficDistribution) => update({ trafficDistribution })} keys={['spec.trafficDistribution']} placeholder="PreferClose" help={view.help('trafficDistribution')} />
        ) : null}
      </div>
      {view.show('publishNotReadyAddresses') ? (
        <CheckField id="f-pnra" label="Publish not-ready pods" checked={form.publishNotReadyAddresses} onChange={(publishNotReadyAddresses) => update({ publishNotReadyAddresses })} keys={['spec.publishNotReadyAddresses']} help={view.help('publishNotReadyAddresses')} />
      ) : null}
    </section>
  );
}
