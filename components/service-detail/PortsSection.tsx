'use client';
import type { Pod, Service } from '../../lib/k8s/types';
import { summarizeTargetPort } from '../../lib/service-insight/target-port';
import { Empty, Section } from './Section';

/** The ports, with what each targetPort resolves to on the backing pods. */
export function PortsSection({ service, pods }: { service: Service; pods: Pod[] }) {
  const ports = service.spec?.ports ?? [];
  const external = service.spec?.type === 'ExternalName';
  return (
    <Section id="ports" title="Ports" summary={`${ports.length}`}>
      {ports.length === 0 ? (
        <Empty>{external ? 'No ports: an ExternalName Service needs none (clients use the port they want).' : 'No ports.'}</Empty>
      ) : (
        <table className="sd-table" data-testid="ports-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Protocol</th>
              <th>Port</th>
              <th>Target port → on the backing pods</th>
              <th>Node port</th>
              <th>App protocol</th>
            </tr>
          </thead>
          <tbody>
            {ports.map((p) => {
              const s = summarizeTargetPort(p, pods);
              const bad = pods.length > 0 && (s.unresolvedPods.length > 0 || s.undeclaredPods.length === pods.length);
              return (
                <tr key={`${p.port}/${p.protocol ?? 'TCP'}`} data-testid="port-row" data-port={p.port}>
                  <td>{p.name ? <code>{p.name}</code> : <span className="muted">unnamed</span>}</td>
                  <td>{p.protocol ?? 'TCP'}</td>
                  <td>
                    <code>{p.port}</code>
                  </td>
                  <td data-testid="target-resolution" className={bad ? 'sd-bad-text' : undefined}>
                    {external ? <span className="muted">not used by ExternalName</span> : <code>{s.text}</code>}
                    {s.unresolvedPods.length > 0 ? <div className="sd-note">unresolved on: {s.unresolvedPods.join(', ')}</div> : null}
                  </td>
                  <td>{p.nodePort ? <code>{p.nodePort}</code> : <span className="muted">—</span>}</td>
                  <td>{p.appProtocol ? <code>{p.appProtocol}</code> : <span className="muted">unset</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Section>
  );
}
