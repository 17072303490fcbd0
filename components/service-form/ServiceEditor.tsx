'use client';
/**
 * The Service create/edit editor: Form | YAML views of one draft, live validation (shared rules on
 * every change, a debounced server dry run), the type switch with undo, cloud presets, and saving
 * with every refusal handled without losing the edits.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useId, useMemo, useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { useServicePermission } from '../../lib/client/service-permissions';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useDraftValidation } from '../../lib/client/use-draft-validation';
import { useLeaveGuard } from '../../lib/client/use-leave-guard';
import { useServiceDraft } from '../../lib/client/use-service-draft';
import { useServiceForm } from '../../lib/client/use-service-form';
import { useServiceSave } from '../../lib/client/use-service-save';
import { useTouchedParts } from '../../lib/client/use-touched-parts';
import type { ServiceKind } from '../../lib/service';
import { applyPreset, removePreset, type LoadBalancerPreset } from '../../lib/service-draft/lb-presets';
import { editableChanges, threeWayMerge } from '../../lib/service-draft/three-way';
import { messagesAtTouched } from '../../lib/service-draft/touched';
import { switchServiceKind, type KindSwitch } from '../../lib/service-draft/type-switch';
import { discardDraft, type DraftRef } from '../../lib/service-yaml/drafts';
import { WriteRefusalNote } from '../service-actions/WriteRefusalNote';
import { browserStorage, useDraftPersistence } from '../service-yaml/use-draft-persistence';
import { LiveChangeBanner, SaveOutcome, SwitchBanner } from './EditorBanners';
import { noteSaved } from '../../lib/client/saved-notice';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import { createCommand, replaceCommand } from '../../lib/kubectl-command/object-commands';
import { KubectlCommand } from '../text/KubectlCommand';
import { FormMessagesContext } from './FieldShell';
import { FormHeader } from './FormHeader';
import { ServiceYamlPane } from '../service-yaml/ServiceYamlPane';
import { ServiceFormFields } from './ServiceFormFields';
import { ValidationPanel } from './ValidationPanel';
import './service-form.css';

export interface ServiceEditorProps {
  initial: Service;
  /** Editing: the Service as loaded, and its live version from the watch. */
  editing?: { live: Service | null | undefined };
  /** Namespaces offered when creating. */
  namespaces: string[];
  /** Creating: where the draft is kept in the browser (restored by the page), until it is created. */
  draftRef?: DraftRef;
  /** Creating: the kind changed (the page shows it in its URL). */
  onKindChange?: (kind: ServiceKind) => void;
}

export function ServiceEditor({ initial, editing, namespaces, draftRef, onKindChange }: ServiceEditorProps) {
  const router = useRouter();
  const routes = usePageRoutes();
  const state = useServiceDraft(initial);
  const { draft, base, setDraft, rebase, dirty } = state;
  const { form, problems, update } = useServiceForm(draft, setDraft);
  const [lastSwitch, setLastSwitch] = useState<KindSwitch | undefined>(undefined);
  const ns = editing ? (base.metadata.namespace ?? '') : draft.metadata.namespace || namespaces[0] || 'default';
  const name = base.metadata.name ?? '';
  const ref = useMemo(() => (editing ? { namespace: ns, name } : undefined), [editing, ns, name]);
  const live = editing?.live;
  // When the server changed only what it maintains (status, managedFields: e.g. the load-balancer
  // controller), the edit goes on top of the current object without asking; an edit made elsewhere
  // is announced instead.
  const { outgoing, outgoingBase, liveEdited } = useMemo(() => {
    if (!live || live.metadata.resourceVersion === base.metadata.resourceVersion) return { outgoing: draft, outgoingBase: base, liveEdited: false };
    if (editableChanges(base, live).length) return { outgoing: draft, outgoingBase: base, liveEdited: true };
    return { outgoing: threeWayMerge(base, live, draft).merged, outgoingBase: live, liveEdited: false };
  }, [live, base, draft]);
  // Creating: a field's errors show once its part of the draft was changed, or after a save attempt;
  // no dry run is sent for the untouched draft. Editing shows everything.
  const touched = useTouchedParts(draft, base);
  const [attempted, setAttempted] = useState(false);
  const revealAll = !!editing || attempted;
  const permission = useServicePermission(editing ? 'update' : 'create', ns, editing ? name : undefined);
  const allowed = permission.allowed || permission.pending;
  // An identity that may not save is not sent to the dry run either: it would only be refused.
  const validation = useDraftValidation(outgoing, problems, editing ? outgoingBase : undefined, (!!editing || touched.size > 0) && permission.allowed);
  const readOnlyMode = permission.cause === 'read-only';
  const refusalId = useId();
  const [saved, setSaved] = useState(false);
  useLeaveGuard(dirty && !saved);
  const draftJson = useMemo(() => JSON.stringify(draft), [draft]);
  const pristineJson = useMemo(() => JSON.stringify(base), [base]);
  useDraftPersistence(saved ? undefined : draftRef, draftJson, pristineJson, undefined);

  const target = useKubectlTarget(ns);
  const command = editing ? replaceCommand(outgoing, target) : createCommand(outgoing, target);
  const onSaved = useCallback(
    (svc: Service, sent: Service) => {
      setSaved(true);
      const storage = browserStorage();
      if (storage && draftRef) discardDraft(storage, draftRef);
      // A 409 re-create goes out as a create: the command shown after is the one for what was sent.
      const done = sent.metadata.resourceVersion ? replaceCommand(sent, target) : createCommand(sent, target);
      noteSaved({
        namespace: svc.metadata.namespace ?? ns,
        name: svc.metadata.name ?? '',
        verb: editing ? 'Applied' : 'Created',
        resourceVersion: svc.metadata.resourceVersion,
        command: done.text,
      });
      router.replace(routes.service(svc.metadata.namespace ?? ns, svc.metadata.name ?? ''));
    },
    [router, routes, ns, draftRef, editing, target],
  );
  const save = useServiceSave(ref, onSaved);

  const onKind = useCallback(
    (to: ServiceKind) => {
      const sw = switchServiceKind(draft, to);
      setLastSwitch(sw);
      setDraft(sw.service);
      onKindChange?.(to);
    },
    [draft, setDraft, onKindChange],
  );
  const onPreset = useCallback((p: LoadBalancerPreset, on: boolean) => setDraft(on ? applyPreset(draft, p) : removePreset(draft, p)), [draft, setDraft]);
  const reapply = (live: Service) => {
    rebase(live, threeWayMerge(base, live, draft).merged);
    save.dismiss();
  };
  const liveMoved = liveEdited && save.state.phase !== 'conflict';

  const messages = useMemo(() => {
    const server = validation.server?.errorsAt ?? new Map<string, string[]>();
    return {
      errors: revealAll ? validation.local.errorsAt : messagesAtTouched(validation.local.errorsAt, touched),
      warnings: validation.local.warningsAt,
      server: revealAll ? server : messagesAtTouched(server, touched),
    };
  }, [validation, revealAll, touched]);
  const errorCount = validation.local.errors.length;
  const saving = save.state.phase === 'saving';
  const blocked = !allowed ? 'permission' : errorCount > 0 ? 'errors' : undefined;
  const title = editing ? `Edit ${name}` : 'New Service';

  return (
    <div className="sf-page">
      <FormHeader title={title} service={editing ? { namespace: ns, name } : undefined}>
        {dirty ? (
          <span className="page-sub" data-testid="unsaved">
            Unsaved changes
          </span>
        ) : null}
      </FormHeader>
      <WriteRefusalNote permission={permission} id={refusalId} testId="write-refusal" />
      <div role="tablist" aria-label="Editor view" className="sf-tabs">
        {(['form', 'yaml'] as const).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={state.view === v} className="chip" onClick={() => state.setView(v)}>
            {v === 'form' ? 'Form' : 'YAML'}
          </button>
        ))}
      </div>
      {lastSwitch ? (
        <SwitchBanner
          sw={lastSwitch}
          onUndo={() => {
            setDraft(lastSwitch.before);
            setLastSwitch(undefined);
          }}
          onDismiss={() => setLastSwitch(undefined)}
        />
      ) : null}
      {liveMoved && live ? <LiveChangeBanner base={base} live={live} onReapply={() => reapply(live)} /> : null}
      {editing && live === null && save.state.phase === 'idle' ? (
        <div className="banner warn sf-banner" role="alert" data-testid="live-deleted">
          This Service was deleted elsewhere while you edit it. Saving offers to re-create it from your edits.
        </div>
      ) : null}
      <FormMessagesContext.Provider value={messages}>
        {state.view === 'form' ? (
          // Enter in a field is a save attempt: it shows every error.
          <div onKeyDown={(e) => e.key === 'Enter' && e.target instanceof HTMLInputElement && setAttempted(true)}>
            {/* Read-only mode: nothing can be sent, so nothing can be changed either. */}
            <fieldset className="sf-plain-fieldset" disabled={readOnlyMode}>
              <ServiceFormFields
                form={form}
                update={update}
                draft={draft}
                editing={!!editing}
                original={editing ? base : undefined}
                namespaces={namespaces}
                onKind={onKind}
                onPreset={onPreset}
              />
            </fieldset>
          </div>
        ) : (
          <div role="tabpanel" aria-label="YAML" className="sf-yaml">
            <ServiceYamlPane draft={draft} onDraftChange={setDraft} mode={editing ? 'edit' : 'create'} live={editing ? base : undefined} namespace={ns} readOnly={!allowed} />
          </div>
        )}
      </FormMessagesContext.Provider>
      <ValidationPanel validation={validation} creating={!editing} refused={!allowed} />
      <KubectlCommand
        command={command}
        caption={editing ? 'The same with kubectl (a replace: refused with 409 if the Service changed since it was loaded)' : 'The same with kubectl'}
      />
      <div className="sf-actions">
        <button
          type="button"
          className="button primary"
          // Blocked by errors while creating: still focusable and clickable, to show every error.
          disabled={(!!blocked && !(blocked === 'errors' && !editing)) || saving}
          aria-disabled={blocked === 'errors' || undefined}
          aria-describedby={blocked === 'permission' ? refusalId : 'sf-save-reason'}
          onClick={() => (blocked ? setAttempted(true) : void save.save(outgoing, outgoingBase))}
        >
          {saving ? 'Saving…' : editing ? 'Save changes' : 'Create Service'}
        </button>
        <span id="sf-save-reason" className="sf-save-reason" data-testid="save-reason">
          {blocked === 'permission'
            ? 'Saving is not possible: see the note at the top.'
            : blocked === 'errors'
              ? `Fix the ${errorCount} problem${errorCount === 1 ? '' : 's'} ${revealAll ? 'shown at the fields' : 'listed under Check'} first.`
              : ''}
        </span>
        {blocked === 'permission' && !readOnlyMode ? (
          <button type="button" className="button" onClick={() => void save.save(outgoing, outgoingBase)}>
            Send anyway
          </button>
        ) : null}
        <Link href={editing ? routes.service(ns, name) : routes.serviceList()} className="button">
          Cancel
        </Link>
      </div>
      {/* What the last save did, next to the button that did it (role=alert: announced). */}
      <SaveOutcome
        state={save.state}
        onReapply={() => save.state.phase === 'conflict' && reapply(save.state.live)}
        onRecreate={() => void save.recreate(draft)}
        onRetry={() => void save.save(outgoing, outgoingBase)}
        onDismiss={save.dismiss}
      />
    </div>
  );
}
