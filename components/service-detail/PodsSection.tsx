'use client';
import { useEffect, useState } from 'react';
import type { Pod, Service, Status } from '../../lib/k8s/types';
import { podIPs, podNotReadyReason, podReady, podRestarts } from '../../lib/service-insight/pods';
import { resolveTargetPort } from '../../lib/service-insight/target-port';
import { selectorText } from '../../lib/service/display';
import { Empty, Section, Unavailable } from './Section';

/** Pod rows shown before "show all" (not-ready pods first). */
export const PODS_SHOWN = 30;

/** The pods the selector matches: phase, readiness, IP, node, restarts, and where each Service port lands. */
export function PodsSection({ service, pods, loading, error }: { service: Service; pods: Pod[]; loading: boolean; error?: Status }) {
  const ports = service.spec?.ports ?? [];
  const selector = selectorText(service);
  const ready = pods.filter(podReady).length;
  const [all, setAll] = useState(false);
  const sorted = pods.map((p, i) => ({ p, i, r: podReady(p) ? 1 : 0 })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.p);
  const shown = all ? sorted : sorted.slice(0, PODS_SHOWN);
  // An endpoint's pod link (#pod-<name>) to a row not shown yet: show all, then let the browser scroll to it.
  useEffect(() => {
    const reveal = () => {
      const name = decodeURIComponent(window.location.hash.replace(/^#pod-/, ''));
      if (!window.location.hash.startsWith('#pod-') || all) return;
      if (pods.some((p) => p.metadata.name === name) && !shown.some((p) => p.metadata.name === name)) {
        setAll(true);
        requestAnimationFrame(() => document.getElementById(`pod-${name}`)?.scrollIntoView());
      }
    };
    reveal();
    window.addEventListener('hashchange', reveal);
    return () => window.removeEventListener('hashchange', reveal);
  });
  return (
    <Section id="pods" title="Backing pods" summary={<span data-testid="pod-counts">{service.spec?.type === 'ExternalName' || !selector ? 'n/a' : `${ready}/${pods.length} ready`}</span>}>
      {service.spec?.type === 'ExternalName' ? (
        <Empty>None: an ExternalName Service selects no pods.</Empty>
      ) : !selector ? (
        <Empty>No selector: this Service selects no pods; its endpoints are managed by hand.</Empty>
      ) : error && loading ? (
        <Unavailable status={error} what="pods" need="list pods in this namespace" />
      ) : loading ? (
        <Empty>Loading pods…</Empty>
      ) : pods.length === 0 ? (
        <Empty>
          No pod matches <code>{selector}</code>.
        </Empty>
      ) : (
        <table className="sd-table" data-testid="pods-table">
          <thead>
            <tr>
              <th>Pod</th>
              <th>Phase</th>
              <th>Ready</th>
              <th>IP</th>
              <th>Node</th>
              <th>Restarts</th>
              <th>Service port → container port</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((pod) => {
              const isReady = podReady(pod);
              const name = pod.metadata.name ?? '';
              return (
                <tr key={name} id={`pod-${name}`} data-testid="pod-row" data-pod={name} data-ready={isReady}>
                  <td>
                    <code>{name}</code>
                  </td>
                  <td>{pod.status?.phase ?? 'Unknown'}</td>
                  <td>
                    {isReady ? (
                      <span className="sd-ok-text">ready</span>
                    ) : (
                      <span className="sd-bad-text" title={podNotReadyReason(pod)}>
                        not ready
                      </span>
                    )}
                  </td>
                  <td>{podIPs(pod).join(', ') || <span className="muted">—</span>}</td>
                  <td>{pod.spec?.nodeName ?? <span className="muted">unscheduled</span>}</td>
                  <td>{podRestarts(pod)}</td>
                  <td>
                    {ports.map((p) => {
                      const r = resolveTargetPort(p, pod);
                      const key = `${p.port}/${p.protocol ?? 'TCP'}`;
                      if (r.kind === 'unresolved') {
                        return (
                          <div key={key} className="sd-bad-text" title={r.reason}>
                            {p.port} → {r.name}: unresolved
                          </div>
                        );
                      }
                      return (
                        <div key={key}>
                          <code>
                            {p.port} → {r.port}
                          </code>
                          {r.declaredBy ? (
                            <span className="muted">
                              {' '}
                              ({r.declaredBy.container}
                              {r.declaredBy.portName ? `/${r.declaredBy.portName}` : ''})
                            </span>
                          ) : (
                            <span className="sd-warn-text"> (not declared)</span>
                          )}
                        </div>
                      );
                    })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {sorted.length > shown.length && !loading ? (
        <div className="sd-more">
          <span className="muted">
            {shown.length} of {sorted.length} pods shown ({ready} ready, {sorted.length - ready} not ready; not-ready ones first).
          </span>{' '}
          <button type="button" className="button" data-testid="show-all-pods" onClick={() => setAll(true)}>
            Show all {sorted.length}
          </button>
        </div>
      ) : null}
    </Section>
  );
}
