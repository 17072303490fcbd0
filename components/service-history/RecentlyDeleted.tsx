'use client';
/**
 * The Services of one namespace that Porthole's recorder saw deleted: when, by whom, and "Re-create"
 * from the last recorded version (its clusterIP and nodePorts kept when still free; when taken, created
 * again without them and the page says which were dropped). Reading needs `list services`; re-creating
 * follows the create gate (read-only mode, RBAC).
 */
import Link from 'next/link';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useKubectlTarget } from '../../lib/client/kubectl-target';
import { createCommand } from '../../lib/kubectl-command/object-commands';
import { StatusError } from '../../lib/client/fetch-json';
import { queryKeys } from '../../lib/client/query-keys';
import { getHistoryVersion, useDeletedServices } from '../../lib/client/service-history';
import { useServicePermission } from '../../lib/client/service-permissions';
import { serviceWrites } from '../../lib/client/service-writes';
import { useNow } from '../../lib/client/use-now';
import { actorLabel } from '../../lib/service-history/display';
import type { DeletedService } from '../../lib/service-history/history-types';
import { recreateWithFallback, type DroppedField } from '../../lib/service-history/restore';
import { failure } from '../../lib/k8s/status';
import type { Service, Status } from '../../lib/k8s/types';
import { When } from '../service-detail/When';
import { WriteRefusalNote } from '../service-actions/WriteRefusalNote';
import { KubectlCommand } from '../text/KubectlCommand';
import { SafeText } from '../text/SafeText';
import '../service-detail/service-detail.css';

type Result = { ok: true; service: Service; sent: Service; dropped: DroppedField[] } | { ok: false; status: Status };

/** What was dropped and what the server gave instead, e.g. "spec.clusterIP 10.96.0.9 (now 10.96.0.12)". */
function droppedText(d: DroppedField, created: Service): string {
  const m = /^spec\.(clusterIPs?)(?:\[(\d+)\])?$|^spec\.ports\[(\d+)\]\.nodePort$|^spec\.(healthCheckNodePort)$/.exec(d.path);
  const spec = created.spec;
  const now = !m
    ? undefined
    : m[1] === 'clusterIP'
      ? spec?.clusterIP
      : m[1] === 'clusterIPs'
        ? spec?.clusterIPs?.[Number(m[2])]
        : m[3] !== undefined
          ? spec?.ports?.[Number(m[3])]?.nodePort
          : spec?.healthCheckNodePort;
  return `${d.path} ${d.value}${now !== undefined ? ` (now ${now})` : ''}`;
}

function ResultNote({ result, routes, namespace, name }: { result: Result; routes: ReturnType<typeof usePageRoutes>; namespace: string; name: string }) {
  const target = useKubectlTarget(namespace);
  if (!result.ok) {
    return (
      <p className="banner bad" role="alert" data-testid="recreate-error">
        Not re-created ({result.status.code} {result.status.reason}): <SafeText text={result.status.message} />
      </p>
    );
  }
  return (
    <>
      <p className={`banner ${result.dropped.length ? 'warn' : 'ok'}`} role="status" data-testid="recreate-result">
        Re-created <Link href={routes.service(namespace, name)}>{name}</Link>
        {result.dropped.length
          ? `. Its old addresses or ports were taken, so it was created without them and the server allocated new ones — dropped: ${result.dropped.map((d) => droppedText(d, result.service)).join(', ')}.`
          : ' with its clusterIP and nodePorts as they were.'}
      </p>
      <KubectlCommand command={createCommand(result.sent, target)} caption="Re-created with the same request as" />
    </>
  );
}

function Row({ item, now, canCreate, reasonId, setResult }: { item: DeletedService; now: number; canCreate: boolean; reasonId: string; setResult(r: Result): void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const recreate = async () => {
    setBusy(true);
    try {
      const { object } = await getHistoryVersion(item.namespace, item.name, item.lastVersionId);
      let sent = object;
      const { outcome, dropped } = await recreateWithFallback(object, (svc) => serviceWrites.create(item.namespace, (sent = svc)));
      setResult(outcome.ok ? { ok: true, service: outcome.data, sent, dropped } : { ok: false, status: outcome.status });
      void client.invalidateQueries({ queryKey: queryKeys.deletedServices(item.namespace) });
    } catch (err) {
      setResult({ ok: false, status: err instanceof StatusError ? err.status : failure(0, 'InternalError', (err as Error).message) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr data-testid="deleted-row" data-name={item.name}>
      <td>
        <SafeText text={item.name} />
      </td>
      <td>
        <When iso={item.deletedAt} now={now} />
      </td>
      <td>
        {item.deletedBy.manager || item.deletedBy.portholeUser ? (
          <SafeText text={actorLabel(item.deletedBy)} />
        ) : (
          <span className="muted">not known (deleted outside Porthole)</span>
        )}
      </td>
      <td>
        <button
          type="button"
          className="button"
          disabled={!canCreate || busy}
          aria-describedby={canCreate ? undefined : reasonId}
          aria-label={`Re-create ${item.name}`}
          onClick={() => void recreate()}
        >
          {busy ? 'Re-creating…' : 'Re-create'}
        </button>
      </td>
    </tr>
  );
}

export function RecentlyDeleted({ namespace }: { namespace: string }) {
  const routes = usePageRoutes();
  const deleted = useDeletedServices(namespace);
  const canCreate = useServicePermission('create', namespace);
  const reasonId = useId();
  const now = useNow(10_000);
  // Kept here, not in the row: a re-created Service leaves the list.
  const [results, setResults] = useState<{ name: string; result: Result }[]>([]);
  const error = deleted.error instanceof StatusError ? deleted.error.status : undefined;
  const data = deleted.data;
  return (
    <div className="sd-page" data-testid="recently-deleted">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href={routes.serviceList()}>Services</Link> <span aria-hidden>/</span> <Link href={routes.serviceList({ namespace })}>{namespace}</Link> <span aria-hidden>/</span>
      </nav>
      <h1>Recently deleted in {namespace}</h1>
      {data?.recordedSince ? <p className="muted">Recorded since {new Date(data.recordedSince).toLocaleString()}: Services deleted before that are not known here.</p> : null}
      <WriteRefusalNote permission={canCreate} id={reasonId} testId="recreate-refused" />
      {results.map(({ name, result }, i) => (
        <ResultNote key={i} result={result} routes={routes} namespace={namespace} name={name} />
      ))}
      {deleted.error && !data ? (
        <div className="banner bad" role="alert" data-testid="deleted-error">
          {error?.code === 403
            ? `Not shown: the identity Porthole uses may not list Services in namespace ${namespace} (403 Forbidden), which the deleted ones require. `
            : 'Could not load the deleted Services: '}
          <SafeText text={deleted.error.message} />
        </div>
      ) : !data ? (
        <p role="status">Loading…</p>
      ) : data.items.length === 0 ? (
        <p className="sd-empty">No Service deleted in {namespace} since recording started.</p>
      ) : (
        <table className="sd-table" aria-label={`Services deleted in ${namespace}`}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Deleted</th>
              <th>By</th>
              <th>Re-create</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <Row
                key={item.uid}
                item={item}
                now={now}
                canCreate={canCreate.allowed}
                reasonId={reasonId}
                setResult={(result) => setResults((r) => [...r.filter((x) => x.name !== item.name), { name: item.name, result }])}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
