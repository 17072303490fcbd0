'use client';
import { useState } from 'react';
import type { Status } from '../../lib/k8s/types';
import type { AddressTypeGroup, EndpointCounts, EndpointView, SliceView } from '../../lib/service-insight/endpoints';
import { allEndpoints, endpointsByNode, ENDPOINTSLICE_CONTROLLER } from '../../lib/service-insight/endpoints';
import { Empty, Section, Unavailable } from './Section';

/** Endpoint rows shown per slice before "show all" (a slice holds up to 100; a big Service has many slices). */
export const ENDPOINTS_SHOWN = 20;

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span className="sd-flag" data-on={on} title={`${label}: ${on}`}>
      <span className="sd-dot" aria-hidden /> {label}
    </span>
  );
}

/** Not-ready and terminating endpoints first (they are what one looks for), otherwise the slice's order. */
function attentionFirst(endpoints: readonly EndpointView[]): EndpointView[] {
  const rank = (e: EndpointView) => (!e.ready ? 0 : e.terminating ? 1 : 2);
  return endpoints
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map((x) => x.e);
}

/** Per node and zone: ready / not ready / terminating. Shown first when the list is long. */
function NodeSummaryTable({ groups }: { groups: AddressTypeGroup[] }) {
  const rows = endpointsByNode(allEndpoints(groups));
  return (
    <table className="sd-table compact sd-node-summary" data-testid="endpoints-by-node">
      <thead>
        <tr>
          <th>Node</th>
          <th>Zone</th>
          <th>Ready</th>
          <th>Not ready</th>
          <th>Terminating</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.node || '-'}>
            <td>{r.node || <span className="muted">no node</span>}</td>
            <td>{r.zone || <span className="muted">—</span>}</td>
            <td>
              {r.ready}/{r.total}
            </td>
            <td className={r.notReady ? 'sd-bad-text' : undefined}>{r.notReady}</td>
            <td className={r.terminating ? 'sd-warn-text' : undefined}>{r.terminating}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SliceEndpoints({ slice, nodeByAddress }: { slice: SliceView; nodeByAddress?: Map<string, string> }) {
  const [all, setAll] = useState(false);
  const sorted = attentionFirst(slice.endpoints);
  const shown = all ? sorted : sorted.slice(0, ENDPOINTS_SHOWN);
  const ready = slice.endpoints.filter((e) => e.ready).length;
  return (
    <>
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
          {shown.map((ep, i) => (
            <EndpointRow key={`${ep.addresses.join(',')}-${i}`} ep={ep} nodeByAddress={nodeByAddress} />
          ))}
        </tbody>
      </table>
      {sorted.length > shown.length ? (
        <div className="sd-more">
          <span className="muted">
            {shown.length} of {sorted.length} endpoints shown ({ready} ready, {sorted.length - ready} not ready; not-ready ones first).
          </span>{' '}
          <button type="button" className="button" data-testid="show-all-endpoints" onClick={() => setAll(true)}>
            Show all {sorted.length}
          </button>
        </div>
      ) : null}
    </>
  );
}

function EndpointRow({ ep, nodeByAddress }: { ep: EndpointView; nodeByAddress?: Map<string, string> }) {
  const nodeOfAddress = ep.nodeName ? undefined : ep.addresses.map((a) => nodeByAddress?.get(a)).find(Boolean);
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
      <td>
        {ep.nodeName ??
          (nodeOfAddress ? (
            <span title="No nodeName on the endpoint: its address is this node's address">
              {nodeOfAddress} <span className="muted">(by address)</span>
            </span>
          ) : (
            <span className="muted">—</span>
          ))}
      </td>
      <td>
        {ep.zone ?? <span className="muted">—</span>}
        {ep.hints?.length ? <div className="sd-note">hints: {ep.hints.join(', ')}</div> : null}
      </td>
      <td>
        {ep.ports.length === 0 ? <span className="sd-bad-text">none</span> : null}
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
export function TrafficSection({
  groups,
  counts,
  source,
  loading,
  external,
  servicePorts,
  nodeByAddress,
  error,
}: {
  groups: AddressTypeGroup[];
  counts: EndpointCounts;
  source: 'EndpointSlices' | 'Endpoints';
  loading: boolean;
  external: boolean;
  /** The Service declares ports (a headless Service may declare none: its slices then need none). */
  servicePorts: boolean;
  /** Node name by node address, for endpoints without nodeName. */
  nodeByAddress?: Map<string, string>;
  error?: Status;
}) {
  const summary = external ? (
    <span data-testid="endpoint-counts">n/a</span>
  ) : (
    <>
      <span data-testid="endpoint-counts">
        {counts.ready}/{counts.total} ready
      </span>
      {counts.usable < counts.ready ? (
        <span className="sd-bad-text" data-testid="endpoint-usable">
          {' '}
          · {counts.usable} can take traffic (no ports)
        </span>
      ) : null}
    </>
  );
  return (
    <Section id="traffic" title="Where traffic goes" summary={summary}>
      {source === 'Endpoints' ? (
        <p className="sd-callout" data-testid="legacy-fallback">
          This cluster serves no EndpointSlice API (discovery.k8s.io/v1); showing the legacy <code>Endpoints</code> object instead.
        </p>
      ) : null}
      {error && loading ? (
        <Unavailable status={error} what="EndpointSlices" need="list EndpointSlices in this namespace" />
      ) : loading ? (
        <Empty>Loading EndpointSlices…</Empty>
      ) : groups.length === 0 ? (
        <Empty>
          {external
            ? 'None: an ExternalName Service has no endpoints by design.'
            : `No ${source === 'Endpoints' ? 'Endpoints' : 'EndpointSlices'} for this Service.`}
        </Empty>
      ) : (
        <>
          {counts.total > ENDPOINTS_SHOWN ? (
            <>
              <h3>By node</h3>
              <NodeSummaryTable groups={groups} />
            </>
          ) : null}
          {groups.map((g) => (
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
                    <span className="muted">
                      {s.endpoints.length} endpoint
                      {s.endpoints.length === 1 ? '' : 's'}
                    </span>
                    {servicePorts && s.ports.length === 0 && s.endpoints.length > 0 ? (
                      <span
                        className="sd-tag bad"
                        data-testid="slice-no-ports"
                        title="kube-proxy forwards a Service port only to endpoints whose slice lists a port of that name"
                      >
                        no ports: these endpoints receive no Service traffic
                      </span>
                    ) : null}
                  </div>
                  {s.endpoints.length === 0 ? <Empty>No endpoints in this slice.</Empty> : <SliceEndpoints slice={s} nodeByAddress={nodeByAddress} />}
                </div>
              ))}
            </div>
          ))}
        </>
      )}
    </Section>
  );
}
