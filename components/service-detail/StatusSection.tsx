'use client';
import type { Event, Service } from '../../lib/k8s/types';
import { loadBalancerState } from '../../lib/service-insight/load-balancer';
import { Copyable } from './CopyButton';
import { Empty, Section } from './Section';
import { SafeText } from '../text/SafeText';

/** status.loadBalancer (ingress or "pending" with the reason known from events) and status.conditions. */
export function StatusSection({ service, events }: { service: Service; events: Event[] }) {
  const lb = loadBalancerState(service, events);
  const conditions = service.status?.conditions ?? [];
  if (lb.kind === 'not-load-balancer' && conditions.length === 0) {
    return (
      <Section id="status" title="Status" summary="nothing to report">
        <Empty>
          A {service.spec?.type ?? 'ClusterIP'} Service has no load balancer status, and this one reports no conditions.
        </Empty>
      </Section>
    );
  }
  return (
    <Section id="status" title="Status">
      <h3>Load balancer</h3>
      {lb.kind === 'not-load-balancer' ? (
        <Empty>Not a LoadBalancer Service: no load balancer status.</Empty>
      ) : lb.kind === 'pending' ? (
        <div className="sd-pending" data-testid="lb-pending">
          <span className="pending">pending</span>
          {lb.loadBalancerClass ? (
            <span>
              {' '}
              (loadBalancerClass <code>{lb.loadBalancerClass}</code>)
            </span>
          ) : null}
          <p>{lb.reason}</p>
        </div>
      ) : (
        <table className="sd-table" data-testid="lb-ingress">
          <thead>
            <tr>
              <th>IP</th>
              <th>Hostname</th>
              <th>IP mode</th>
              <th>Ports</th>
            </tr>
          </thead>
          <tbody>
            {lb.ingress.map((ing, i) => (
              <tr key={i}>
                <td>{ing.ip ? <Copyable text={ing.ip} label="load balancer IP" /> : <span className="muted">—</span>}</td>
                <td>{ing.hostname ? <Copyable text={ing.hostname} label="load balancer hostname" /> : <span className="muted">—</span>}</td>
                <td>{ing.ipMode ?? <span className="muted">unset</span>}</td>
                <td>
                  {ing.ports?.length
                    ? ing.ports.map((p) => (
                        <div key={`${p.port}/${p.protocol}`}>
                          <code>
                            {p.port}/{p.protocol}
                          </code>
                          {p.error ? <span className="sd-bad-text"> {p.error}</span> : null}
                        </div>
                      ))
                    : <span className="muted">not reported</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Conditions</h3>
      {conditions.length === 0 ? (
        <Empty>No conditions reported.</Empty>
      ) : (
        <table className="sd-table">
          <thead>
            <tr>
              <th>Type</th>
              <th>Status</th>
              <th>Reason</th>
              <th>Message</th>
              <th>Since</th>
            </tr>
          </thead>
          <tbody>
            {conditions.map((c) => (
              <tr key={c.type}>
                <td>{c.type}</td>
                <td>{c.status}</td>
                <td>{c.reason}</td>
                <td className="sd-message">
                  <SafeText text={c.message} />
                </td>
                <td>{c.lastTransitionTime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
