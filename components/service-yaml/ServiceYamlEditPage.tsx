'use client';
/**
 * "Edit YAML" of one Service: the live object as YAML, the draft kept in the browser, the live
 * object watched (a change or deletion is announced), review with a diff, then apply; a 409 keeps the
 * text and merges three ways, a 404 offers to re-create.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { useServicePermission } from '../../lib/client/service-permissions';
import { useClusterInfo } from '../../lib/client/cluster-info';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useService } from '../../lib/client/services';
import { objectToApply, serviceToYaml } from '../../lib/service-yaml/editor-text';
import { inKeyOrderOf } from '../../lib/service-yaml/key-order';
import { noteSaved } from '../../lib/client/saved-notice';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import { discardDraft, isDraftStale, loadDraft, type DraftRef } from '../../lib/service-yaml/drafts';
import { parseServiceYaml } from '../../lib/service-yaml/parse-service';
import { ServiceNotFound } from '../chrome/ServiceNotFound';
import { WriteRefusalNote } from '../service-actions/WriteRefusalNote';
import { ApplyReview, type ApplyMethod } from './ApplyReview';
import { ConflictPanel } from './ConflictPanel';
import { ServiceYamlPane } from './ServiceYamlPane';
import type { PlainHandover } from './YamlPlainEditor';
import { browserStorage, useDraftPersistence } from './use-draft-persistence';
import { conflictMarkers, useThreeWay } from './use-three-way';
import { useYamlApply, yamlWriteCommand } from './use-yaml-apply';
import type { KubectlCommand } from '../../lib/kubectl-command/command';
import { useHistoryVersion } from '../../lib/client/service-history';
import { restoreOnto } from '../../lib/service-history/restore';
import { RestoreNote } from './RestoreNote';

/** `carried`: the Service the page's HTML was rendered with (the server read it as the page's identity). */
export function ServiceYamlEditPage({ namespace, name, restoreId, carried }: { namespace: string; name: string; restoreId?: string; carried?: Service }) {
  const router = useRouter();
  const routes = usePageRoutes();
  const { service: live, query: liveQuery } = useService(namespace, name, carried);
  const cluster = useClusterInfo().data;
  const canUpdate = useServicePermission('update', namespace, name);
  const refusalId = useId();
  const ref: DraftRef | undefined = useMemo(() => (cluster ? { cluster: cluster.ok ? cluster.clusterName : 'unknown', namespace, name } : undefined), [cluster, namespace, name]);

  const [base, setBase] = useState<Service | undefined>();
  const [text, setText] = useState<string | undefined>();
  const [draft, setDraft] = useState<Service | undefined>();
  const [restored, setRestored] = useState<{ stale: boolean } | undefined>();
  const [reviewing, setReviewing] = useState(false);
  const [method, setMethod] = useState<ApplyMethod>('replace');
  const writer = useYamlApply();
  const target = useKubectlTarget(namespace);
  const threeWay = useThreeWay();
  const restoring = useHistoryVersion(namespace, name, restoreId);
  /** Typed into the plain editor before the page knew its text (the pane while `pending`), and where: the page takes it over. */
  const early = useRef<PlainHandover>({ start: 0, end: 0, focused: false });

  // First load: a version to restore (on live, server-owned fields from live), else a stored draft, else the live object.
  useEffect(() => {
    if (text !== undefined || live === undefined || !ref) return;
    if (restoreId !== undefined) {
      if (!restoring.data || !live) return;
      const restored = restoreOnto(restoring.data.object, live);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time initialisation from the recorded version
      setBase(live);
      setText(serviceToYaml(restored));
      setDraft(restored);
      setReviewing(true);
      return;
    }
    const storage = browserStorage();
    const stored = storage ? loadDraft(storage, ref) : undefined;
    const resume = (t: string, b: Service | undefined) => {
      setBase(b);
      setText(t);
      setDraft(parseServiceYaml(t).service ?? b);
    };
    const typed = early.current.text;
    // Typed at once into the first paint's text (the live Service): that text is what the user wants now.
    if (typed !== undefined && live) resume(typed, live);
    else if (stored) {
      resume(stored.text, stored.base ?? live ?? undefined);
      setRestored({ stale: isDraftStale(stored, live) });
    } else if (live) {
      setBase(live);
      setText(serviceToYaml(live));
      setDraft(live);
    }
  }, [live, ref, text, restoreId, restoring.data]);

  const extraMarkers = useMemo(() => conflictMarkers(threeWay.result, text ?? ''), [threeWay.result, text]);
  // Before the first load has chosen the text (right after hydration): the live Service's YAML, in the
  // same pane that then goes on with the chosen text (the server rendered it so).
  const pending = text === undefined && !!live && restoreId === undefined;
  const liveText = useMemo(() => (pending && live ? serviceToYaml(live) : undefined), [pending, live]);
  const paneText = text ?? liveText;
  const paneDraft = text !== undefined ? draft : pending ? (live ?? undefined) : undefined;
  const pristine = useMemo(() => (base ? serviceToYaml(base) : undefined), [base]);
  useDraftPersistence(ref, text, pristine, base);

  // The page's own parse (for apply) may lag a keystroke behind: the editor's markers come first.
  const deferredText = useDeferredValue(text);
  const parsed = useMemo(() => (deferredText === undefined ? undefined : parseServiceYaml(deferredText, { name, namespace })), [deferredText, name, namespace]);
  const edited = parsed && parsed.markers.length === 0 ? parsed.service : undefined;
  const liveChanged = !!live && !!base && live.metadata.resourceVersion !== base.metadata.resourceVersion;
  const readOnly = !canUpdate.allowed && !canUpdate.pending;

  const mergeLive = (reason: string) => {
    if (!live || !base || text === undefined || !edited) return;
    const next = threeWay.merge(reason, base, live, edited, text);
    setText(next);
    setBase(live);
    setRestored(undefined);
  };

  const doApply = async (force: boolean) => {
    if (!edited) return;
    const out = await writer.apply(method, namespace, edited, base?.metadata.resourceVersion, force);
    if (out.ok) return finish(yamlWriteCommand(method, edited, base?.metadata.resourceVersion, force, target));
    if (out.code === 409 && method === 'replace') {
      setReviewing(false);
      mergeLive('The Service was changed in the cluster while you were editing (409 Conflict). Your text is kept; the changes made in the cluster were merged into it.');
    }
  };
  const recreate = async () => {
    if (!edited) return;
    const out = await writer.create(namespace, edited);
    if (out.ok) finish(yamlWriteCommand('create', edited, undefined, false, target));
  };
  const finish = (done: KubectlCommand) => {
    const storage = browserStorage();
    if (storage && ref) discardDraft(storage, ref);
    noteSaved({ namespace, name, verb: 'Applied', command: done.text });
    router.replace(routes.service(namespace, name));
  };
  const discard = () => {
    const storage = browserStorage();
    if (storage && ref) discardDraft(storage, ref);
    if (live) {
      setBase(live);
      setText(serviceToYaml(live));
    }
    setRestored(undefined);
    threeWay.clear();
  };

  return (
    <div className="sy-page" data-testid="yaml-edit-page">
      <nav className="sy-muted" aria-label="Breadcrumb">
        <Link href={routes.service(namespace, name)}>{`${namespace}/${name}`}</Link> / Edit YAML
      </nav>
      <h1>Edit YAML: {name}</h1>
      <WriteRefusalNote permission={canUpdate} id={refusalId} testId="yaml-read-only" />
      {live === undefined && text === undefined && !liveQuery.isError && <p role="status">Loading the Service…</p>}
      {live === undefined && text === undefined && liveQuery.isError && (
        <div className="banner bad" role="alert" data-testid="yaml-load-error">
          Cannot load the Service: {(liveQuery.error as Error).message}. Retrying…
        </div>
      )}
      {live === null && text === undefined && (
        // Never loaded: nothing of the user's to keep (a link to another cluster, a deleted Service).
        <ServiceNotFound namespace={namespace} name={name} testId="yaml-not-found" />
      )}
      {live === null && text !== undefined && (
        <div className="banner bad" role="alert" data-testid="yaml-not-found">
          This Service does not exist in the cluster (it was deleted while you were editing; your text is kept).{' '}
          <button type="button" className="button" disabled={!edited || writer.busy || readOnly} onClick={() => void recreate()}>
            Re-create it from your text
          </button>
        </div>
      )}
      {restoreId !== undefined && <RestoreNote entry={restoring.data?.entry} error={restoring.error ?? undefined} />}
      {restored && (
        <div className="banner warn" role="status" data-testid="yaml-draft-restored">
          {restored.stale
            ? `A draft you did not apply was restored. It was made from resourceVersion ${base?.metadata.resourceVersion ?? '?'}; the Service has changed since (now ${live?.metadata.resourceVersion ?? '?'}).`
            : 'A draft you did not apply was restored.'}{' '}
          {restored.stale && (
            <button type="button" className="button" disabled={!edited} onClick={() => mergeLive('Your restored draft was made from an older version of the Service.')}>
              Open the three-way merge
            </button>
          )}{' '}
          <button type="button" className="button" onClick={discard}>
            Discard draft
          </button>
        </div>
      )}
      {liveChanged && !restored && (
        <div className="banner warn" role="status" aria-live="polite" data-testid="yaml-live-changed">
          The Service was changed in the cluster while you were editing (resourceVersion {base?.metadata.resourceVersion} → {live?.metadata.resourceVersion}).{' '}
          <button type="button" className="button" disabled={!edited} onClick={() => mergeLive('You chose to merge the changes made in the cluster.')}>
            Merge the live changes into my text
          </button>
        </div>
      )}
      {threeWay.result && <ConflictPanel conflicts={threeWay.result.conflicts} merged={threeWay.result.takenFromLive} reason={threeWay.reason} onDismiss={threeWay.clear} />}
      {reviewing && edited && live ? (
        <ApplyReview
          mode="edit"
          original={serviceToYaml(objectToApply(live))}
          modified={serviceToYaml(inKeyOrderOf(objectToApply(edited), objectToApply(live)))}
          method={method}
          onMethod={setMethod}
          baseResourceVersion={base?.metadata.resourceVersion}
          busy={writer.busy}
          error={writer.error}
          conflicts={writer.conflicts}
          command={yamlWriteCommand(method, edited, base?.metadata.resourceVersion, writer.conflicts.length > 0, target)}
          onApply={(force) => void doApply(force)}
          onCancel={() => {
            writer.reset();
            setReviewing(false);
          }}
        />
      ) : null}
      {paneDraft && paneText !== undefined && (
        <div hidden={reviewing}>
          <ServiceYamlPane
            draft={paneDraft}
            onDraftChange={setDraft}
            mode="edit"
            live={live ?? undefined}
            readOnly={readOnly}
            dryRun={canUpdate.allowed && !canUpdate.pending}
            text={paneText}
            onTextChange={setText}
            extraMarkers={extraMarkers}
            plainHandover={early}
            // A stored draft or a version to restore is editing under way: Monaco at once.
            monacoOnIntent={!restored && restoreId === undefined}
            pending={pending}
          />
          {pending ? null : (
            <div className="sy-actions">
              <button
                type="button"
                className="button primary"
                disabled={!edited || !live || readOnly}
                aria-describedby={readOnly ? refusalId : undefined}
                onClick={() => setReviewing(true)}
              >
                Review and apply…
              </button>
              <button type="button" className="button" disabled={!live} onClick={discard}>
                Reset to live
              </button>
              {!edited && <span className="sy-muted">Fix the problems marked as YAML syntax to apply.</span>}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
