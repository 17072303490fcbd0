'use client';
import type { Service } from '../../lib/k8s/types';
import { overviewFields } from '../../lib/service-insight/overview';
import { humanDuration } from '../../lib/k8s/duration';
import { displayType } from '../../lib/service/display';
import { useNow } from '../../lib/client/use-now';
import { CopyButton, Copyable } from './CopyButton';
import { EditableMetadata } from '../service-actions/EditableMetadata';
import { Section } from './Section';

/** Every spec field (defaults marked as defaults, fields that do not apply dimmed), then labels and annotations. */
export function OverviewSection({ service }: { service: Service }) {
  const fields = overviewFields(service);
  const type = displayType(service);
  const now = useNow(10_000);
  const created = service.metadata.creationTimestamp ?? '';
  const createdAt = created ? Date.parse(created) : NaN;
  const managers = [...new Set((service.metadata.managedFields ?? []).map((f) => `${f.manager ?? '?'}${f.subresource ? ` (${f.subresource})` : ''}`))];
  return (
    <Section id="overview" title="Overview" summary={<span className={`type-badge type-${type}`}>{type}</span>}>
      {type === 'Headless' ? (
        <p className="sd-callout" data-testid="headless-callout">
          <strong>Headless Service.</strong> No virtual IP and no load balancing: cluster DNS answers with the addresses of the ready pods themselves, and
          each pod gets its own name (see “How to reach it”).
        </p>
      ) : null}
      <dl className="sd-fields">
        {fields.map((f) => (
          <div key={f.key} className="sd-field" data-field={f.key} data-default={f.isDefault} data-na={f.note?.startsWith('only') || f.note?.startsWith('not used') ? 'true' : undefined}>
            <dt>{f.label}</dt>
            <dd>
              {f.values.length === 0 ? (
                <span className="muted">{f.isDefault ? 'unset' : '—'}</span>
              ) : (
                f.values.map((v) => (
                  <code key={v} className="sd-value">
                    {v}
                  </code>
                ))
              )}
              {f.values.length > 0 && f.isDefault ? <span className="sd-default-tag">default</span> : null}
              {f.key === 'clusterIPs' && f.values.length > 0 && f.values[0] !== 'None' ? <CopyButton text={f.values[0]} label="cluster IP" /> : null}
              {f.note ? <span className="sd-note">{f.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="sd-fields sd-object-meta" data-testid="object-meta">
        <div className="sd-field">
          <dt>Created</dt>
          <dd title={created}>{!Number.isNaN(createdAt) ? `${humanDuration(Math.max(0, now - createdAt))} ago` : '—'}</dd>
        </div>
        <div className="sd-field sd-field-uid">
          <dt>UID</dt>
          <dd>
            {service.metadata.uid ? <Copyable text={service.metadata.uid} label="UID" /> : <code className="sd-value">—</code>}
          </dd>
        </div>
        <div className="sd-field">
          <dt>Resource version</dt>
          <dd>
            <code className="sd-value">{service.metadata.resourceVersion ?? '—'}</code>
          </dd>
        </div>
        <div className="sd-field">
          <dt>Field managers</dt>
          <dd>
            {managers.length ? managers.map((m) => <code key={m} className="sd-value">{m}</code>) : <span className="muted">none recorded</span>}
          </dd>
        </div>
      </dl>
      <div className="sd-meta-grid">
        <EditableMetadata service={service} which="labels" />
        <EditableMetadata service={service} which="annotations" />
      </div>
    </Section>
  );
}
