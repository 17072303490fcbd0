'use client';
/** Two recorded versions side by side (Monaco's diff, as the YAML editor's review) and the events of that time. */
import dynamic from 'next/dynamic';
import type { Event } from '../../lib/k8s/types';
import { useHistoryVersion } from '../../lib/client/service-history';
import { comparable, inTimeOrder, inWindow } from '../../lib/service-history/display';
import type { HistoryEntry } from '../../lib/service-history/history-types';
import { eventSource, eventTime } from '../../lib/service-insight/events';
import { serviceToYaml } from '../../lib/service-yaml/editor-text';
import { SafeText } from '../text/SafeText';

const YamlDiffEditor = dynamic(() => import('../service-yaml/YamlDiffEditor'), {
  ssr: false,
  loading: () => <p role="status">Loading the diff…</p>,
});

/** Events this long before the older and after the newer version count as "of that time". */
const EVENT_MARGIN_MS = 5 * 60_000;

export function HistoryCompare({ namespace, name, a, b, events }: { namespace: string; name: string; a: HistoryEntry; b: HistoryEntry; events: Event[] }) {
  const [older, newer] = inTimeOrder(a, b);
  const left = useHistoryVersion(namespace, name, older.id);
  const right = useHistoryVersion(namespace, name, newer.id);
  const during = events.filter((e) => inWindow(eventTime(e), older.observedAt, newer.observedAt, EVENT_MARGIN_MS));
  const failed = left.error ?? right.error;
  return (
    <section className="sd-history-compare" aria-label="Compare two versions" data-testid="history-compare">
      <h3>
        resourceVersion {older.resourceVersion} → {newer.resourceVersion}
      </h3>
      {failed ? (
        <p role="alert">Could not load a version: {failed.message}</p>
      ) : left.data && right.data ? (
        <YamlDiffEditor
          original={serviceToYaml(comparable(left.data.object))}
          modified={serviceToYaml(comparable(right.data.object))}
          ariaLabel={`Differences between resourceVersion ${older.resourceVersion} and ${newer.resourceVersion}`}
        />
      ) : (
        <p role="status">Loading the versions…</p>
      )}
      <h3>Events of that time</h3>
      {during.length === 0 ? (
        <p className="sd-empty">No events of this Service from that time (events expire after an hour on most clusters).</p>
      ) : (
        <ul data-testid="history-events">
          {during.map((e) => (
            <li key={e.metadata.uid ?? e.metadata.name}>
              <time dateTime={eventTime(e)}>{new Date(eventTime(e)).toLocaleString()}</time> {e.type ?? 'Normal'} <SafeText text={e.reason} /> ({<SafeText text={eventSource(e)} />}
              ): <SafeText text={e.message} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
