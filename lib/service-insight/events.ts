/** Events for the detail page: newest first, with one time per event whichever field carries it. Pure. */
import type { Event } from '../k8s/types';

/** The time an event last happened: lastTimestamp, eventTime (events.k8s.io writers), firstTimestamp, creation. */
export function eventTime(e: Event): string {
  return e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata.creationTimestamp ?? '';
}

export function eventsNewestFirst(events: readonly Event[]): Event[] {
  return [...events].sort((a, b) => {
    const d = Date.parse(eventTime(b) || '0') - Date.parse(eventTime(a) || '0');
    if (d !== 0 && !Number.isNaN(d)) return d;
    // Same second: the later write (higher resourceVersion) first.
    return Number(b.metadata.resourceVersion ?? 0) - Number(a.metadata.resourceVersion ?? 0);
  });
}

/** `service-controller` / `cloud-controller-manager`, as kubectl describe's "From" column. */
export function eventSource(e: Event): string {
  return e.source?.component || e.reportingComponent || '';
}
