'use client';
/** Every field of the Service form, in order, each only where it applies to the chosen kind. */
import type { Service } from '../../lib/k8s/types';
import { fieldRule, SERVICE_KIND_DESCRIPTIONS, SERVICE_KINDS, type ServiceKind } from '../../lib/service';
import type { ServiceForm } from '../../lib/service-draft/form-model';
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
  return (
    <form className="sf-form" role="tabpanel" aria-label="Form" noValidate onSubmit={(e) => e.preventDefault()}>
      <section className="sf-section" aria-labelledby="sf-type-h">
        <h2 id="sf-type-h">Type</h2>
        <SelectField<ServiceKind>
          id="f-kind"
          label="Service type"
          value={form.kind}
          onChange={onKind}
          options={SERVICE_KINDS.map((k) => ({ value: k, label: k }))}
          keys={['spec.type']}
          help={SERVICE_KIND_DESCRIPTIONS[form.kind]}
        />
      </section>
      <MetadataFields form={form} update={update} editing={editing} namespaces={namespaces} />
      {view.show('ports') ? <PortsEditor form={form} update={update} showNodePort={view.show('ports.nodePort')} required={fieldRule(form.kind, 'ports').status === 'required'} /> : null}
      <SpecFields form={form} update={update} view={view} onKind={onKind} originalSelector={original ? (original.spec?.selector ?? {}) : undefined} />
      <LoadBalancerFields form={form} update={update} view={view} draft={draft} onPreset={onPreset} />
    </form>
  );
}

