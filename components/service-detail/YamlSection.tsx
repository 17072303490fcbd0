'use client';
import { useMemo, useState } from 'react';
import { stringify } from 'yaml';
import type { Service } from '../../lib/k8s/types';
import { CopyButton } from './CopyButton';
import { Section } from './Section';

/** The Service as `kubectl get -o yaml` shows it (read-only), live; managedFields hidden unless asked for. */
export function YamlSection({ service }: { service: Service }) {
  const [open, setOpen] = useState(false);
  const [managed, setManaged] = useState(false);
  const text = useMemo(() => {
    if (!open) return '';
    const { managedFields, ...metadata } = service.metadata;
    void managedFields;
    return stringify(managed ? service : { ...service, metadata }, { lineWidth: 0 });
  }, [service, open, managed]);
  const name = service.metadata.name ?? '';
  return (
    <Section id="yaml" title="YAML" summary="read-only, live">
      <details className="sd-yaml" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary data-testid="yaml-toggle">Show the Service as YAML</summary>
        {open ? (
          <>
            <div className="sd-yaml-tools">
              <label>
                <input type="checkbox" checked={managed} onChange={(e) => setManaged(e.currentTarget.checked)} /> include managedFields
              </label>
              <CopyButton text={text} label={`YAML of ${name}`} />
            </div>
            <pre data-testid="yaml">{text}</pre>
          </>
        ) : null}
      </details>
    </Section>
  );
}
