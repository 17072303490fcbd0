'use client';
/** Every field of the Service form, in order, each only where it applies to the chosen kind. */
import { useMemo } from 'react';
import type { Service } from '../../lib/k8s/types';
import { fieldRule, SERVICE_KIND_DESCRIPTIONS, SERVICE_KINDS, type ServiceKind } from '../../lib/service';
import type { ServiceForm } from '../../lib/service-draft/form-model';
import { kindsOnUpdate } from '../../lib/service-draft/kinds-on-update';
import type { LoadBalancerPreset } from '../../lib/service-draft/lb-presets';
import { SelectField } from './FieldShell';
import { fieldView } from './field-visibility';
import { LoadBalancerFields } from './LoadBalancerFields';
import { MetadataFields } from './MetadataFields';
import { PortsEditor } from './PortsEditor';
import { SpecFields } from './SpecFields';

export interface ServiceFormFieldsProps {
  form: ServiceForm;
  update: (patch: Partial<ServiceForm>) => void;
  draft: Service;
  editing: boolean;
  /** Editing: the Service as loaded (what a selector change gains and loses is measured against it). */
  original?: Service;
  namespaces: string[];
  onKind: (kind: ServiceKind) => void;
  onPreset: (preset: LoadBalancerPreset, on: boolean) => void;
}

export function ServiceFormFields({ form, update, draft, editing, original, namespaces, onKind, onPreset }: ServiceFormFieldsProps) {
  const view = fieldView(form.kind, draft);
  // Editing: only the kinds the API server accepts for this Service (its cluster IP never changes).
  const onUpdate = useMemo(() => (original ? kindsOnUpdate(original) : SERVICE_KINDS.map((kind) => ({ kind, refused: undefined }))), [original]);
  const refusedKinds = onUpdate.filter((k): k is { kind: ServiceKind; refused: string } => k.refused !== undefined && k.kind !== form.kind);
  const kindOptions = onUpdate.map((k) => ({ value: k.kind, label: k.refused && k.kind !== form.kind ? `${k.kind} (not possible: the cluster IP never changes)` : k.kind, disabled: Boolean(k.refused) && k.kind !== form.kind }));
  return (
    <form className="sf-form" role="tabpanel" aria-label="Form" noValidate onSubmit={(e) => e.preventDefault()}>
      <section className="sf-section" aria-labelledby="sf-type-h">
        <h2 id="sf-type-h">Type</h2>
        <SelectField<ServiceKind>
          id="f-kind"
          label="Service type"
          value={form.kind}
          onChange={onKind}
          options={kindOptions}
          keys={['spec.type']}
          help={refusedKinds.length ? `${SERVICE_KIND_DESCRIPTIONS[form.kind]} Not possible for this Service: ${refusedKinds.map((k) => `${k.kind} (${k.refused})`).join('; ')}.` : SERVICE_KIND_DESCRIPTIONS[form.kind]}
        />
      </section>
      <MetadataFields form={form} update={update} editing={editing} namespaces={namespaces} />
      {view.show('ports') ? <PortsEditor form={form} update={update} showNodePort={view.show('ports.nodePort')} required={fieldRule(form.kind, 'ports').status === 'required'} /> : null}
      <SpecFields form={form} update={update} view={view} onKind={onKind} originalSelector={original ? (original.spec?.selector ?? {}) : undefined} stored={original} />
      <LoadBalancerFields form={form} update={update} view={view} draft={draft} onPreset={onPreset} />
    </form>
  );
}

