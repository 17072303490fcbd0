'use client';
import type { Node, Service, Status } from '../../lib/k8s/types';
import { headlessEndpointRecords, serviceDnsAnswer, serviceDnsNames, srvRecords } from '../../lib/service-insight/dns';
import type { EndpointView } from '../../lib/service-insight/endpoints';
import { formatEnv, serviceEnvVars } from '../../lib/service-insight/env-vars';
import { kubectlCommands } from '../../lib/service-insight/kubectl';
import { reachAddresses } from '../../lib/service-insight/reach';
import { CopyButton, Copyable } from './CopyButton';
import { Empty, Section, Unavailable } from './Section';
import { ShowAllButton, useShowAll } from './ShowAll';

/** DNS rows shown before "show all" (a headless Service with 300 pods has 300 records of each kind). */
const RECORDS_SHOWN = 20;

/** DNS names, SRV records, per-pod records, env vars, addresses and kubectl commands — each copyable. */
export function ReachSection({ service, endpoints, nodes, nodesUnavailable }: { service: Service; endpoints: EndpointView[]; nodes: Node[]; nodesUnavailable?: Status }) {
  const names = serviceDnsNames(service);
  const answer = serviceDnsAnswer(service);
  const srv = srvRecords(service, endpoints);
  const podRecords = headlessEndpointRecords(service, endpoints);
  const env = serviceEnvVars(service);
  const addresses = reachAddresses(service, nodes, endpoints);
  const nodePorts = (service.spec?.ports ?? []).filter((p) => p.nodePort).map((p) => `${p.nodePort}/${p.protocol ?? 'TCP'}`);
  const commands = kubectlCommands(service);
  const srvList = useShowAll(srv, RECORDS_SHOWN);
  const podList = useShowAll(podRecords, RECORDS_SHOWN);
  const ns = service.metadata.namespace ?? 'default';
  return (
    <Section id="reach" title="How to reach it">
      <h3>DNS names</h3>
      <table className="sd-table" data-testid="dns-names">
        <tbody>
          {names.map((n) => (
            <tr key={n.name}>
              <td>
                <Copyable text={n.name} label={`DNS name ${n.name}`} />
              </td>
              <td className="muted">{n.scope}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sd-note" data-testid="dns-answer">
        {answer.kind === 'A' ? (
          <>Resolves to the cluster IP{answer.addresses.length > 1 ? 's' : ''} {answer.addresses.join(', ')} (A/AAAA records).</>
        ) : answer.kind === 'CNAME' ? (
          <>
            Cluster DNS answers with a <strong>CNAME</strong> to <code>{answer.target}</code>: clients connect to that host directly, nothing is proxied and
            ports are not remapped. HTTP Host headers and TLS SNI carry the Service name, not <code>{answer.target}</code>.
          </>
        ) : (
          <>Resolves to {answer.note}.</>
        )}
      </p>

      {srv.length > 0 ? (
        <>
          <h3>SRV records (named ports)</h3>
          <table className="sd-table" data-testid="srv-records">
            <thead>
              <tr>
                <th>Query</th>
                <th>Answer</th>
              </tr>
            </thead>
            <tbody>
              {srvList.shown.map((r, i) => (
                <tr key={`${r.query} ${r.target}`}>
                  <td>
                    {i > 0 && srvList.shown[i - 1].query === r.query ? <span className="muted">same query</span> : <Copyable text={r.query} label={`SRV name ${r.query}`} />}
                  </td>
                  <td>
                    <code>
                      {r.target}:{r.port}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ShowAllButton shown={srvList.shown.length} total={srv.length} what="SRV answers" onClick={srvList.showAll} testId="show-all-srv" />
        </>
      ) : null}

      {answer.kind === 'endpoints' ? (
        <>
          <h3>Per-pod records (headless)</h3>
          {podRecords.length === 0 ? (
            <Empty>No endpoints yet, so no per-pod records.</Empty>
          ) : (
            <table className="sd-table" data-testid="pod-records">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Address</th>
                  <th>From</th>
                  <th>In DNS</th>
                </tr>
              </thead>
              <tbody>
                {podList.shown.map((r) => (
                  <tr key={`${r.name} ${r.address}`}>
                    <td>
                      <Copyable text={r.name} label={`DNS name ${r.name}`} />
                    </td>
                    <td>
                      <code>{r.address}</code>
                    </td>
                    <td className="muted">{r.by === 'hostname' ? `pod hostname + subdomain (${r.podName ?? ''})` : 'dashed pod IP'}</td>
                    <td>{r.published ? 'yes' : <span className="pending">no (not ready)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ShowAllButton shown={podList.shown.length} total={podRecords.length} what="per-pod records" onClick={podList.showAll} testId="show-all-pod-records" />
        </>
      ) : null}

      <h3>Addresses</h3>
      {addresses.length === 0 ? (
        <Empty>{answer.kind === 'endpoints' ? 'No virtual address: connect to the pod addresses DNS returns.' : 'No address yet.'}</Empty>
      ) : (
        <table className="sd-table" data-testid="addresses">
          <thead>
            <tr>
              <th>Address</th>
              <th>Kind</th>
              <th>Port</th>
              <th>Reachable from</th>
              <th>Note</th>
            </tr>
          </thead>
          <tbody>
            {addresses.map((a, i) => (
              <tr key={`${a.kind}-${a.address}-${i}`} data-kind={a.kind} data-drops={a.drops ? 'true' : undefined}>
                <td>
                  {a.drops ? <code className="sd-dropped">{a.address}</code> : <Copyable text={a.address} label={`address ${a.address}`} />}
                </td>
                <td>{a.kind}</td>
                <td>{a.portName ? <code>{a.portName}</code> : null} {a.protocol ?? ''}</td>
                <td>{a.drops ? <span className="sd-bad-text" data-testid="address-drops">{a.drops}</span> : a.from}</td>
                <td className="muted">{a.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {nodePorts.length > 0 && nodesUnavailable ? (
        <div data-testid="node-addresses-unavailable">
          <Unavailable status={nodesUnavailable} what="the nodes" need="list nodes (a cluster-scoped resource), so node addresses are not listed" testId="nodes-unavailable" />
          <p className="sd-note">
            The node port{nodePorts.length > 1 ? 's' : ''} {nodePorts.join(', ')} {nodePorts.length > 1 ? 'are' : 'is'} open on every node
            {service.spec?.externalTrafficPolicy === 'Local' ? ' (with externalTrafficPolicy: Local, only nodes running a ready backing pod forward the traffic)' : ''}: use any node address you know.
          </p>
        </div>
      ) : null}

      <h3>Environment variables</h3>
      {env.vars.length === 0 ? (
        <Empty>{env.none}</Empty>
      ) : (
        <div className="sd-env" data-testid="env-vars">
          <p className="sd-note">
            Set by the kubelet in containers of namespace <code>{ns}</code> started <em>after</em> this Service was created (unless the pod sets
            enableServiceLinks: false).
          </p>
          <pre>{formatEnv(env.vars)}</pre>
          <CopyButton text={formatEnv(env.vars)} label="environment variables" />
        </div>
      )}

      <h3>kubectl</h3>
      <ul className="sd-commands" data-testid="kubectl-commands">
        {commands.map((c) => (
          <li key={c.command}>
            <span className="muted">{c.label}</span>
            <Copyable text={c.command} label={`command: ${c.label}`} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
