'use client';
/**
 * "Expose a workload": the guided creation of a Service for newcomers, four steps and a create.
 * The step is in the URL (?step=N), the answers in sessionStorage: back/forward keeps everything.
 */
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useCanI } from '../../lib/client/access';
import { useCurrentIdentity } from '../../lib/client/identity';
import { READ_ONLY_REASON } from '../../lib/read-only';
import { useNamespaceChoices } from '../../lib/client/namespace-choices';
import { useNodes } from '../../lib/client/nodes';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { usePodCounts, usePods } from '../../lib/client/pods';
import { serviceWrites } from '../../lib/client/service-writes';
import { useServiceList } from '../../lib/client/services';
import { useDraftValidation } from '../../lib/client/use-draft-validation';
import { matchingPods } from '../../lib/service-draft/selector-suggestions';
import { offeredPorts } from '../../lib/service-draft/target-ports';
import { externalNameErrors } from '../../lib/service/external-name';
import { draftTraffic } from '../../lib/service-insight/draft-traffic';
import type { InputProblem } from '../../lib/service-draft/form-model';
import { GUIDED_STEPS, guidedService, stepOfField, portsFromOffered, suggestServiceName, type GuidedState } from '../../lib/service-guided/guided-draft';
import { StepAudience } from './StepAudience';
import { StepPorts } from './StepPorts';
import { StepReview } from './StepReview';
import { StepWorkload } from './StepWorkload';
import { TrafficCheck } from './TrafficCheck';
import { useGuidedState } from './use-guided-state';
import './guided.css';
import { noteSaved } from '../../lib/client/saved-notice';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import { createCommand } from '../../lib/kubectl-command/object-commands';

/** The guided flow has no typed-number fields of the form's kind: no input problems. */
const NO_PROBLEMS: readonly InputProblem[] = [];

const TITLES = ['What to expose', 'Who should reach it', 'Ports', 'Review and create'];

/**
 * The port number (and the target port it defaults to) of a port whose number is still empty (just
 * added): not an error yet.
 */
function isUntypedPort(field: string, state: GuidedState): boolean {
  const m = /^spec\.ports\[(\d+)\]\.(port|targetPort)$/.exec(field);
  const port = m ? state.ports[Number(m[1])] : undefined;
  return !!port && port.port === null && (m?.[2] === 'port' || port.targetPort.trim() === '');
}

export function GuidedFlow() {
  const router = useRouter();
  const routes = usePageRoutes();
  const { step, state: stored, update: store, goTo: go, reset, namespaceParam } = useGuidedState();
  const me = useCurrentIdentity();
  // Where the identity may create Services: listed namespaces, or its context's and --namespaces.
  const choices = useNamespaceChoices('create');
  const allowed = choices.names;
  const { counts: podCounts, settled: countsKnown } = usePodCounts(allowed);
  // Asked for (the list's namespace), else the first of the identity's own, default and the rest that has pods.
  const withPods = [me.data?.namespace ?? '', 'default', ...allowed].find((n) => n && allowed.includes(n) && (podCounts.get(n) ?? 0) > 0);
  const fallback = [me.data?.namespace ?? '', 'default'].find((n) => n && allowed.includes(n)) ?? allowed[0] ?? '';
  // Decided once every count is in, so the proposal never jumps while they arrive.
  const preferred = (namespaceParam && allowed.includes(namespaceParam) ? namespaceParam : '') || (countsKnown ? withPods || fallback : '');
  const namespace = stored.namespace || preferred;
  const state: GuidedState = useMemo(() => ({ ...stored, namespace }), [stored, namespace]);
  const update = (patch: Partial<GuidedState>) => store({ namespace, ...patch });
  // Moving on fixes the namespace that was only proposed (so a late access review cannot change it).
  const goTo = (n: number) => {
    if (!stored.namespace && namespace) store({ namespace });
    go(n);
  };

  // Always one namespace's lists (never every namespace's while none is chosen yet).
  const listNamespace = namespace || 'default';
  const podList = usePods(listNamespace);
  const nodes = useNodes();
  const matching = useMemo(() => matchingPods(state.selector, podList.items ?? []), [state.selector, podList.items]);
  const svc = useMemo(() => guidedService(state), [state]);
  const validation = useDraftValidation(svc, NO_PROBLEMS);
  // The form rules refuse an IP as externalName (lib/service/external-name); once per message.
  const errors = useMemo(() => {
    const all = [...validation.local.errors, ...externalNameErrors(svc)];
    return all.filter((e, i) => all.findIndex((o) => o.field === e.field && o.detail === e.detail) === i);
  }, [validation.local.errors, svc]);
  const mayCreate = useCanI({ verb: 'create', resource: 'services', namespace });
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string>();

  const existing = useServiceList(listNamespace);
  const taken = !!state.name && (existing.items ?? []).some((s) => s.metadata.name === state.name.trim());
  // A port whose number was not typed yet shows no error until the user tries to move on.
  const [attempted, setAttempted] = useState(false);
  const shownErrors = attempted ? errors : errors.filter((e) => !isUntypedPort(e.field, state));
  const stepErrors = errors.filter((e) => stepOfField(e.field) === step);
  const shownStepErrors = shownErrors.filter((e) => stepOfField(e.field) === step);
  const blocked = (step === 1 && !namespace) || (step === 2 && taken) || (step < 4 && shownStepErrors.length > 0);
  const traffic = useMemo(() => draftTraffic(svc, podList.items ?? []), [svc, podList.items]);
  // The confirmation holds for these reasons only: a change that brings others asks again.
  const trafficKey = traffic.blockers.map((f) => f.title).join('\n');
  const [confirmedFor, setConfirmedFor] = useState<string>();
  const confirmed = traffic.blockers.length === 0 || confirmedFor === trafficKey;

  const next = () => {
    if (stepErrors.length > 0) {
      setAttempted(true);
      return;
    }
    if (step === 1 && !state.name) update({ name: suggestServiceName(state.selector) });
    if (step === 2 && state.ports.length === 0 && state.kind !== 'ExternalName') update({ ports: portsFromOffered(offeredPorts(matching)) });
    goTo(step + 1);
  };

  const target = useKubectlTarget(namespace);
  const create = async () => {
    setCreating(true);
    setCreateError(undefined);
    const r = await serviceWrites.create(namespace, svc);
    if (r.ok) {
      reset();
      noteSaved({
        namespace: r.data.metadata.namespace ?? namespace,
        name: r.data.metadata.name ?? state.name,
        verb: 'Created',
        resourceVersion: r.data.metadata.resourceVersion,
        command: createCommand(svc, target).text,
      });
      router.replace(routes.service(r.data.metadata.namespace ?? namespace, r.data.metadata.name ?? state.name));
      return;
    }
    setCreateError(`${r.status.code ?? ''} ${r.status.reason ?? ''}: ${r.status.message ?? ''}`);
    setCreating(false);
  };

  const denied = mayCreate.data?.allowed === false;
  return (
    <div className="gd-page">
      <header className="page-header">
        <h1 className="page-title">Expose a workload</h1>
        <span className="page-sub">Create a Service step by step: each choice is explained, and mistakes are caught before anything reaches the cluster.</span>
      </header>
      <nav aria-label="Steps" className="gd-steps">
        <ol>
          {GUIDED_STEPS.map((id, i) => (
            <li key={id}>
              <button type="button" className="gd-step" aria-current={step === i + 1 ? 'step' : undefined} onClick={() => goTo(i + 1)}>
                <span className="gd-step-n">{i + 1}</span> {TITLES[i]}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="gd-body" aria-labelledby="gd-step-title">
        <h2 id="gd-step-title">
          Step {step} of {GUIDED_STEPS.length}: {TITLES[step - 1]}
        </h2>
        {!choices.loading && !choices.unlisted && allowed.length === 0 && (
          <p className="gd-bad" role="alert">
            {me.data?.readOnly ? READ_ONLY_REASON : 'You may not create Services in any namespace (the cluster’s RBAC refuses it); ask for the create permission on services.'}
          </p>
        )}
        {step === 1 && (
          <StepWorkload
            state={state}
            update={update}
            namespaces={allowed}
            podCounts={podCounts}
            namespacesLoading={choices.loading}
            namespacesFailed={choices.unlisted && allowed.length === 0}
            pods={podList.items ?? []}
            errors={errors}
          />
        )}
        {step === 2 && <StepAudience state={state} update={update} errors={errors} taken={taken} />}
        {step === 3 && <StepPorts state={state} update={update} pods={matching} errors={shownErrors} />}
        {step === 4 && (
          <>
            <TrafficCheck
              traffic={traffic}
              loading={podList.items === undefined}
              confirmed={confirmedFor === trafficKey}
              onConfirm={(c) => setConfirmedFor(c ? trafficKey : undefined)}
            />
            <StepReview svc={svc} validation={validation} errors={errors} nodes={nodes.items ?? []} stepOfField={stepOfField} goTo={goTo} />
          </>
        )}
        {step === 1 && Object.keys(state.selector).length > 0 && matching.length === 0 && (
          <p className="gd-warn">No pod matches yet: the Service would have no endpoints until pods with these labels exist.</p>
        )}
        {step === 1 && Object.keys(state.selector).length === 0 && (
          <p className="gd-warn">
            No label chosen: a Service without a selector gets no endpoints, so no pod receives its traffic (unless you manage its EndpointSlices yourself). An ExternalName Service
            (step 2) needs no pods.
          </p>
        )}
        <div className="gd-actions">
          {step > 1 && (
            <button type="button" className="button" onClick={() => goTo(step - 1)}>
              Back
            </button>
          )}
          {step < GUIDED_STEPS.length && (
            <button type="button" className="button primary" disabled={blocked} onClick={next}>
              Next: {TITLES[step]}
            </button>
          )}
          {step === GUIDED_STEPS.length && (
            <>
              <button type="button" className="button primary" disabled={creating || errors.length > 0 || denied || !confirmed} onClick={create} aria-describedby="gd-create-why">
                {creating ? 'Creating…' : 'Create Service'}
              </button>
              <span id="gd-create-why" className="gd-hint">
                {denied
                  ? `You may not create Services in ${namespace ? `namespace ${namespace}` : 'any namespace'}${mayCreate.data?.reason ? `: ${mayCreate.data.reason}` : ''}.`
                  : errors.length > 0
                    ? 'Fix the problems listed above first.'
                    : !confirmed
                      ? 'Confirm above that you want a Service that receives no traffic, or fix what keeps traffic away.'
                      : 'Creates the Service and opens its page, where its endpoints appear.'}
              </span>
            </>
          )}
          {blocked && step < 4 && <span className="gd-hint">Fix the problems above to continue.</span>}
        </div>
        {createError && (
          <p className="gd-bad" role="alert">
            The Service was not created: {createError}. Your answers are kept; fix them or try again.
          </p>
        )}
      </section>
    </div>
  );
}
