'use client';
/** Name (or generateName), namespace, labels and annotations. */
import { FORM_TEXT } from '../../lib/service-draft/form-text';
import type { ServiceForm } from '../../lib/service-draft/form-model';
import { SelectField, TextField } from './FieldShell';
import { KeyValueEditor } from './KeyValueEditor';

export interface SectionProps {
  form: ServiceForm;
  update: (patch: Partial<ServiceForm>) => void;
}

export function MetadataFields({ form, update, editing, namespaces }: SectionProps & { editing: boolean; namespaces: string[] }) {
  const nsOptions = (namespaces.includes(form.namespace) || !form.namespace ? namespaces : [form.namespace, ...namespaces]).map((n) => ({ value: n, label: n }));
  return (
    <section className="sf-section" aria-labelledby="sf-meta-h">
      <h2 id="sf-meta-h">Name and labels</h2>
      {editing ? (
        <p className="sf-readonly">
          <strong>{form.name}</strong> in namespace <strong>{form.namespace}</strong> (name and namespace cannot be changed)
        </p>
      ) : (
        <>
          <div className="sf-row">
            <fieldset className="sf-fieldset sf-inline">
              <legend className="sf-label">Naming</legend>
              <label>
                <input type="radio" name="sf-name-mode" checked={form.nameMode === 'name'} onChange={() => update({ nameMode: 'name' })} /> Fixed name
              </label>
              <label>
                <input type="radio" name="sf-name-mode" checked={form.nameMode === 'generateName'} onChange={() => update({ nameMode: 'generateName' })} />{' '}
                Generated from a prefix
              </label>
            </fieldset>
          </div>
          <div className="sf-row">
            {form.nameMode === 'name' ? (
              <TextField id="f-name" label="Name" value={form.name} onChange={(name) => update({ name })} keys={['metadata.name']} help={FORM_TEXT.name} placeholder="web" />
            ) : (
              <TextField
                id="f-generate-name"
                label="Name prefix (generateName)"
                value={form.generateName}
                onChange={(generateName) => update({ generateName })}
                keys={['metadata.generateName', 'metadata.name']}
                help={FORM_TEXT.generateName}
                placeholder="web-"
              />
            )}
            <SelectField
              id="f-namespace"
              label="Namespace"
              value={form.namespace}
              onChange={(namespace) => update({ namespace })}
              options={nsOptions}
              keys={['metadata.namespace']}
              help={FORM_TEXT.namespace}
            />
          </div>
        </>
      )}
      <KeyValueEditor id="f-labels" noun="Label" legend="Labels" rows={form.labels} onChange={(labels) => update({ labels })} keys={['metadata.labels']} help={FORM_TEXT.labels} />
      <KeyValueEditor
        id="f-annotations"
        noun="Annotation"
        legend="Annotations"
        rows={form.annotations}
        onChange={(annotations) => update({ annotations })}
        keys={['metadata.annotations']}
        help={FORM_TEXT.annotations}
      />
    </section>
  );
}
