'use client';
/**
 * The Service's recorded history (Porthole's recorder, lib/client/service-history.ts): since when it
 * is recorded, a timeline (when, who, what), any two versions compared with the events of that time,
 * and "Restore this version" (the YAML editor on that version, diffed against live). Reading needs
 * only read access; restoring follows the update gate.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import type { Event, Service } from '../../lib/k8s/types';
import { failure } from '../../lib/k8s/status';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { StatusError } from '../../lib/client/fetch-json';
import { useServiceHistory } from '../../lib/client/service-history';
import { useServicePermission } from '../../lib/client/service-permissions';
import { useNow } from '../../lib/client/use-now';
import { actorLabel } from '../../lib/service-history/display';
import type { HistoryEntry } from '../../lib/service-history/history-types';
import { SafeText } from '../text/SafeText';
import { Empty, Section, Unavailable } from './Section';
import { When } from './When';

// Comparing two versions needs the YAML writer and the diff editor: loaded when two are chosen, not
// with the detail page (the YAML writer alone is ~100 KB of script).
const HistoryCompare = dynamic(() => import('./HistoryCompare').then((m) => m.HistoryCompare), {
  ssr: false,
  loading: () => <p role="status">Loading the comparison…</p>,
});

function Row({
  entry,
  now,
  picked,
  onPick,
  canRestore,
  restoreHref,
  reason,
}: {
  entry: HistoryEntry;
  now: number;
  picked: boolean;
  onPick(on: boolean): void;
  canRestore: boolean;
  restoreHref: string;
  reason?: string;
}) {
  const label = `version ${entry.resourceVersion} (${entry.summary})`;
  return (
    <tr data-testid="history-row" data-kind={entry.kind} data-id={entry.id}>
      <td>
        <input type="checkbox" checked={picked} onChange={(e) => onPick(e.target.checked)} aria-label={`Compare ${label}`} disabled={entry.kind === 'deleted'} />
      </td>
      <td>
        <When iso={entry.observedAt} now={now} />
      </td>
      <td data-testid="history-who">
        <SafeText text={actorLabel(entry.actor)} />
      </td>
      <td className="sd-message" data-testid="history-summary">
        <SafeText text={entry.summary} />
      </td>
      <td>
        {entry.kind === 'deleted' ? null : canRestore ? (
          <Link className="button" href={restoreHref} aria-label={`Restore ${label}`}>
            Restore this version
          </Link>
        ) : (
          <button type="button" className="button" disabled title={reason} aria-label={`Restore ${label}`}>
            Restore this version
          </button>
        )}
      </td>
    </tr>
  );
}

const recordedSince = (iso: string) => (iso ? `Recorded since ${new Date(iso).toLocaleString()}` : 'Not recorded yet');

export function HistorySection({ service, events }: { service: Service; events: Event[] }) {
  const namespace = service.metadata.namespace ?? 'default';
  const name = service.metadata.name ?? '';
  const routes = usePageRoutes();
  const history = useServiceHistory(namespace, name);
  const canUpdate = useServicePermission('update', namespace, name);
  const now = useNow(10_000);
  const [picked, setPicked] = useState<string[]>([]);
  const entries = history.data?.entries ?? [];
  const pick = (id: string, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));
  const chosen = picked.map((id) => entries.find((e) => e.id === id)).filter((e): e is HistoryEntry => e !== undefined);
  const error = history.error instanceof StatusError ? history.error.status : history.error ? failure(0, 'InternalError', history.error.message) : undefined;

  return (
    <Section id="history" title="History" summary={history.data ? <span data-testid="history-recorded-since">{recordedSince(history.data.recordedSince)}</span> : undefined}>
      <p>
        <Link href={routes.deletedServices(namespace)}>Recently deleted Services in {namespace}</Link>
      </p>
      {error && !history.data ? (
        <Unavailable status={error} what="the history" need={`get Service ${name} in namespace ${namespace}, which reading its history requires`} testId="history-unavailable" />
      ) : !history.data ? (
        <p className="sd-empty" role="status">
          Loading the history…
        </p>
      ) : entries.length === 0 ? (
        <Empty>No version recorded yet ({recordedSince(history.data.recordedSince).toLowerCase()}).</Empty>
      ) : (
        <>
          <p className="muted">Tick two versions to compare them and see the events of that time.</p>
          <table className="sd-table" data-testid="history-table" aria-label="Recorded versions, newest first">
            <thead>
              <tr>
                <th>Compare</th>
                <th>When</th>
                <th>Who</th>
                <th>What changed</th>
                <th>Restore</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <Row
                  key={e.id}
                  entry={e}
                  now={now}
                  picked={picked.includes(e.id)}
                  onPick={(on) => pick(e.id, on)}
                  canRestore={canUpdate.allowed}
                  reason={canUpdate.reason}
                  restoreHref={routes.restoreServiceVersion(namespace, name, e.id)}
                />
              ))}
            </tbody>
          </table>
          {chosen.length === 2 ? <HistoryCompare namespace={namespace} name={name} a={chosen[0]} b={chosen[1]} events={events} /> : null}
        </>
      )}
    </Section>
  );
}
