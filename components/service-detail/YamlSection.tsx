'use client';
import { useEffect, useMemo, useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { CopyButton } from './CopyButton';
import { Section } from './Section';

type Stringify = (typeof import('yaml'))['stringify'];

/**
 * The Service as `kubectl get -o yaml` shows it (read-only), live; managedFields hidden unless asked for.
 * The YAML writer (~100 KB of script) is loaded when the section is first opened, not with the page.
 */
export function YamlSection({ service }: { service: Service }) {
  const [open, setOpen] = useState(false);
  const [managed, setManaged] = useState(false);
  const [stringify, setStringify] = useState<Stringify | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!open || stringify) return;
    let live = true;
    import('yaml').then(
      (m) => live && setStringify(() => m.stringify),
      (err: unknown) => live && setLoadError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [open, stringify]);
  const text = useMemo(() => {
    if (!open || !stringify) return '';
    const { managedFields, ...metadata } = service.metadata;
    void managedFields;
    return stringify(managed ? service : { ...service, metadata }, { lineWidth: 0 });
  }, [service, open, managed, stringify]);
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
            {loadError ? (
              <p role="alert">Cannot show the YAML: {loadError}. Reload the page to try again.</p>
            ) : (
              <pre data-testid="yaml" aria-busy={!stringify}>
                {stringify ? text : 'Loading…'}
              </pre>
            )}
          </>
        ) : null}
      </details>
    </Section>
  );
}
