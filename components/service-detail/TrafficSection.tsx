'use client';
import type { AddressTypeGroup, EndpointCounts, EndpointView } from '../../lib/service-insight/endpoints';
import { ENDPOINTSLICE_CONTROLLER } from '../../lib/service-insight/endpoints';
import { Empty, Section } from './Section';

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span className="sd-flag" data-on={on} title={`${label}: ${on}`}>
      {on ? '●' : '○'} {label}
    </span>
  );
}

function EndpointRow({ ep }: { ep: EndpointView }) {
  return (
    <tr data-testid="endpoint-row" data-ready={ep.ready} data-address={ep.addresses[0]}>
      <td>
        {ep.addresses.map((a) => (
          <code key={a}>{a}</code>
        ))}
        {ep.hostname ? <div className="sd-note">hostname {ep.hostname}</div> : null}
      </td>
      <td>
        <Flag on={ep.ready} label="ready" /> <Flag on={ep.serving} label="serving" /> <Flag on={ep.terminating} label="terminating" />
      </td>
      <td>{ep.podName ? <a href={`#pod-${ep.podName}`}>{ep.podName}</a> : ep.targetKind ? <span>{ep.targetKind}</span> : <span className="muted">—</span>}</td>
      <td>{ep.nodeName ?? <span className="muted">—</span>}</td>
      <td>
        {ep.zone ?? <span className="muted">—</span>}
        {ep.hints?.length ? <div className="sd-note">hints: {ep.hints.join(', ')}</div> : null}
      </td>
      <td>
        {ep.ports.map((p) => (
          <code key={`${p.name ?? ''}${p.port ?? ''}${p.protocol ?? ''}`}>
            {p.name ? `${p.name}:` : ''}
            {p.port ?? '—'}/{p.protocol ?? 'TCP'}
          </code>
        ))}
      </td>
    </tr>
  );
}

/** EndpointSlices grouped by address type (or the legacy Endpoints), with every endpoint. */
export function TrafficSection({ groups, counts, source, loading, external }: { groups: AddressTypeGroup[]; counts: EndpointCounts; source: 'EndpointSlices' | 'Endpoints'; loading: boolean; external: boolean }) {
  const summary = (
    <span data-testid="endpoint-counts">
      {counts.ready}/{counts.total} ready
    </span>
  );
  return (
    <Section id="traffic" title="Where traffic goes" summary={summary}>
      {source === 'Endpoints' ? (
        <p className="sd-callout" data-testid="legacy-fallback">
          This cluster serves no EndpointSlice API (discovery.k8s.io/v1); showing the legacy <code>Endpoints</code> object instead.
        </p>
      ) : null}
      {loading ? (
        <Empty>Loading EndpointSlices…</Empty>
      ) : groups.length === 0 ? (
        <Empty>{external ? 'None: an ExternalName Service has no endpoints by design.' : `No ${source === 'Endpoints' ? 'Endpoints' : 'EndpointSlices'} for this Service.`}</Empty>
      ) : (
        groups.map((g) => (
          <div key={g.addressType} className="sd-group" data-testid={`address-type-${g.addressType}`}>
            <h3>{g.addressType}</h3>
            {g.slices.map((s) => (
              <div key={s.name} className="sd-slice" data-testid="slice" data-slice={s.name}>
                <div className="sd-slice-head">
                  <code>{s.name}</code>
                  {source === 'EndpointSlices' ? (
                    s.byController ? (
                      <span className="muted">managed by {ENDPOINTSLICE_CONTROLLER}</span>
                    ) : (
                      <span className="sd-tag warn" data-testid="not-controller-managed">
                        managed by {s.managedBy || 'nobody (no managed-by label)'}, not the EndpointSlice controller
                      </span>
                    )
                  ) : (
                    <span className="muted">legacy Endpoints</span>
                  )}
                </div>
                {s.endpoints.length === 0 ? (
                  <Empty>No endpoints in this slice.</Empty>
                ) : (
                  <table className="sd-table">
                    <thead>
                      <tr>
                        <th>Address</th>
                        <th>Conditions</th>
                        <th>Pod</th>
                        <th>Node</th>
                        <th>Zone</th>
                        <th>Ports</th>
                      </tr>
                    </thead>
                    <tbody>
                      {s.endpoints.map((ep, i) => (
                        <EndpointRow key={`${ep.addresses.join(',')}-${i}`} ep={ep} />
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            ))}
          </div>
        ))
      )}
    </Section>
  );
}
