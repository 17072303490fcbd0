'use client';
import type { Event, Status } from '../../lib/k8s/types';
import { eventSource, eventTime } from '../../lib/service-insight/events';
import { humanDuration } from '../../lib/k8s/duration';
import { useNow } from '../../lib/client/use-now';
import { Empty, Section, Unavailable } from './Section';
import { SafeText } from '../text/SafeText';

/** Events about the Service, newest first, live. */
export function EventsSection({ events, error }: { events: Event[]; error?: Status }) {
  const now = useNow(5000);
  return (
    <Section id="events" title="Events" summary={`${events.length}`}>
      {error && events.length === 0 ? (
        <Unavailable status={error} what="events" need="list events in this namespace" />
      ) : events.length === 0 ? (
        <Empty>No events for this Service (events expire after an hour on most clusters).</Empty>
      ) : (
        <table className="sd-table" data-testid="events-table">
          <thead>
            <tr>
              <th>Type</th>
              <th>Reason</th>
              <th>Age</th>
              <th>From</th>
              <th>Message</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => {
              const t = Date.parse(eventTime(e));
              return (
                <tr key={e.metadata.uid ?? e.metadata.name} data-testid="event-row" data-type={e.type}>
                  <td className={e.type === 'Warning' ? 'sd-warn-text' : undefined}>{e.type ?? 'Normal'}</td>
                  <td>
                    <SafeText text={e.reason} />
                  </td>
                  <td title={eventTime(e)}>
                    {Number.isNaN(t) ? '—' : humanDuration(Math.max(0, now - t))}
                    {(e.count ?? 1) > 1 ? <span className="muted"> (×{e.count})</span> : null}
                  </td>
                  <td>
                    <SafeText text={eventSource(e)} />
                  </td>
                  <td className="sd-message">
                    <SafeText text={e.message} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Section>
  );
}
