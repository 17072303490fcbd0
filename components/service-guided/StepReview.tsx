'use client';
/**
 * Step 4, "review": the YAML, the DNS name, the environment variables pods will see, how to reach
 * it, the local check and the server's dry run; then create.
 */
import { stringify } from 'yaml';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import type { DraftValidation } from '../../lib/client/use-draft-validation';
import { createCommand } from '../../lib/kubectl-command/object-commands';
import { formatFieldError, type FieldError } from '../../lib/k8s/field-errors';
import type { Node, Service } from '../../lib/k8s/types';
import { serviceDnsNames } from '../../lib/service-insight/dns';
import { formatEnv, serviceEnvVars } from '../../lib/service-insight/env-vars';
import { reachAddresses } from '../../lib/service-insight/reach';
import { KubectlCommand } from '../text/KubectlCommand';

interface Props {
  svc: Service;
  /** The shared rules and the server's dry run (lib/client/use-draft-validation). */
  validation: DraftValidation;
  /** The local errors (the shared rules and the form rules). */
  errors: readonly FieldError[];
  nodes: readonly Node[];
  /** Which step holds a field (to send the user back to fix it). */
  stepOfField: (field: string) => number;
  goTo: (step: number) => void;
}

/** The placeholder standing for the address the cluster allocates on create. */
const ALLOCATED_IP = 'CLUSTER-IP';

export function StepReview({ svc, validation, errors, nodes, stepOfField, goTo }: Props) {
  const { local: check, server } = validation;
  const spec = svc.spec ?? {};
  const withIP: Service = spec.type === 'ExternalName' || spec.clusterIP === 'None' ? svc : { ...svc, spec: { ...spec, clusterIP: ALLOCATED_IP, clusterIPs: [ALLOCATED_IP] } };
  const env = serviceEnvVars(withIP);
  const reach = reachAddresses(withIP, nodes);
  const nodeAddrs = nodes.flatMap((n) => (n.status?.addresses ?? []).filter((a) => a.type === 'InternalIP' || a.type === 'ExternalIP').map((a) => a.address));
  const localOk = errors.length === 0;
  const target = useKubectlTarget(svc.metadata.namespace ?? 'default');
  return (
    <>
      <p className="gd-explain">Check what will be created. Nothing exists in the cluster until you press Create.</p>
      <section className="gd-review" aria-labelledby="gd-check-h">
        <h3 id="gd-check-h">Checks</h3>
        {localOk ? (
          <p className="gd-ok">The Service passes the API server’s validation rules (checked here, before anything is sent).</p>
        ) : (
          <ul className="gd-errors" role="alert" aria-label="Problems to fix">
            {errors.map((e, i) => (
              <li key={i}>
                {formatFieldError(e)}{' '}
                <button type="button" className="link-button" onClick={() => goTo(stepOfField(e.field))}>
                  Fix in step {stepOfField(e.field)}
                </button>
              </li>
            ))}
          </ul>
        )}
        {check.warnings.map((w) => (
          <p key={w} className="gd-warn">
            Warning: {w}
          </p>
        ))}
        <div role="status" aria-live="polite" aria-label="Server dry run" className="gd-dryrun">
          {!server && <p>Server dry run: asking the API server…</p>}
          {server?.ok && (
            <p className="gd-ok">Server dry run: accepted. (The cluster IP and node ports in a dry-run answer are placeholders; the real ones are allocated on create.)</p>
          )}
          {server && !server.ok && (
            <p className="gd-bad">
              Server dry run: refused ({server.status?.code} {server.status?.reason}): {server.status?.message}
            </p>
          )}
          {validation.disagreements.map((d) => (
            <p key={d} className="gd-warn">
              {d}
            </p>
          ))}
          {server?.warnings.map((w) => (
            <p key={w} className="gd-warn">
              Server warning: {w}
            </p>
          ))}
        </div>
      </section>

      <section className="gd-review" aria-labelledby="gd-dns-h">
        <h3 id="gd-dns-h">DNS name</h3>
        {spec.type === 'ExternalName' ? (
          <p>
            <code>{serviceDnsNames(svc)[3].name}</code> answers with a CNAME to <code>{spec.externalName}</code>.
          </p>
        ) : (
          <>
            <ul className="gd-plain">
              {serviceDnsNames(svc).map((d) => (
                <li key={d.name}>
                  <code>{d.name}</code> <span className="gd-hint">— {d.scope}</span>
                </li>
              ))}
            </ul>
            <p className="gd-hint">
              {spec.clusterIP === 'None'
                ? 'Headless: the name resolves to the addresses of the ready pods, one record each.'
                : 'The name resolves to the cluster IP allocated on create.'}
            </p>
          </>
        )}
      </section>

      <section className="gd-review" aria-labelledby="gd-env-h">
        <h3 id="gd-env-h">Environment variables pods will see</h3>
        {env.vars.length ? (
          <>
            <p className="gd-hint">
              Containers started after the Service exists, in {svc.metadata.namespace}, get these ({ALLOCATED_IP} is the address allocated on create). Prefer the DNS name: it also
              works for pods started earlier.
            </p>
            <pre className="gd-pre" aria-label="Environment variables">
              {formatEnv(env.vars)}
            </pre>
          </>
        ) : (
          <p>{env.none}</p>
        )}
      </section>

      <section className="gd-review" aria-labelledby="gd-reach-h">
        <h3 id="gd-reach-h">How to reach it</h3>
        <ul className="gd-plain">
          {spec.type !== 'ExternalName' &&
            (spec.ports ?? []).map((p) => (
              <li key={`dns-${p.port}-${p.protocol}`}>
                <code>{`${svc.metadata.name}.${svc.metadata.namespace}.svc:${p.port}`}</code> {p.protocol} <span className="gd-hint">— by name, from pods in any namespace</span>
              </li>
            ))}
          {reach.map((r, i) => (
            <li key={i}>
              <code>{r.address}</code> {r.protocol}{' '}
              <span className="gd-hint">
                — from {r.from}
                {r.note ? `; ${r.note}` : ''}
              </span>
            </li>
          ))}
          {(spec.type === 'NodePort' || spec.type === 'LoadBalancer') && (
            <li>
              Every node{nodeAddrs.length ? ` (${nodeAddrs.join(', ')})` : ''} on the node port allocated on create (30000-32767){' '}
              <span className="gd-hint">— from the nodes’ network</span>
            </li>
          )}
          {spec.type === 'LoadBalancer' && (
            <li>
              The load balancer’s address, once the load-balancer controller assigns it <span className="gd-hint">— from outside the cluster; the detail page shows it</span>
            </li>
          )}
          {spec.clusterIP === 'None' && <li>Each ready pod’s address, through the DNS name above (no virtual IP, no load balancing).</li>}
        </ul>
      </section>

      <section className="gd-review" aria-labelledby="gd-yaml-h">
        <h3 id="gd-yaml-h">YAML</h3>
        <pre className="gd-pre" aria-label="Service YAML">
          {stringify(svc)}
        </pre>
      </section>

      <section className="gd-review" aria-labelledby="gd-kubectl-h">
        <h3 id="gd-kubectl-h">The same with kubectl</h3>
        <p className="gd-hint">Create does exactly what this command does. Each part, in one line:</p>
        <KubectlCommand command={createCommand(svc, target)} caption="kubectl" explain />
        <p className="gd-hint">
          The server dry run above is the same command with <code>--dry-run=server</code>: the API server checks everything and stores nothing.
        </p>
      </section>
    </>
  );
}
