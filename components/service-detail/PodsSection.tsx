'use client';
import type { Pod, Service } from '../../lib/k8s/types';
import { podIPs, podNotReadyReason, podReady, podRestarts } from '../../lib/service-insight/pods';
import { resolveTargetPort } from '../../lib/service-insight/target-port';
import { selectorText } from '../../lib/service-list/format';
import { Empty, Section } from './Section';

/** The pods the selector matches: phase, readiness, IP, node, restarts, and where each Service port lands. */
export function PodsSection({ service, pods, loading }: { service: Service; pods: Pod[]; loading: boolean }) {
  const ports = service.spec?.ports ?? [];
  const selector = selectorText(service);
  const ready = pods.filter(podReady).length;
  return (
    <Section id="pods" title="Backing pods" summary={<span data-testid="pod-counts">{`${ready}/${pods.length} ready`}</span>}>
      {service.spec?.type === 'ExternalName' ? (
        <Empty>None: an ExternalName Service selects no pods.</Empty>
      ) : !selector ? (
        <Empty>No selector: this Service selects no pods; its endpoints are managed by hand.</Empty>
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
            {pods.map((pod) => {
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
    </Section>
  );
}
