/**
 * `kubectl get events`: LAST SEEN TYPE REASON OBJECT MESSAGE, and with -o wide SUBOBJECT SOURCE
 * FIRST SEEN COUNT NAME (printEvent, including the events.k8s.io fallbacks: eventTime, series).
 */
import { column, get, num, str, translateTimestampSince, nameColumn, parseTime, type ResourcePrinter } from './common';

/** formatEventSource: `component[, host]`, falling back to reportingComponent / reportingInstance. */
export function formatEventSource(ev: unknown): string {
  const component = str(ev, 'source', 'component') || str(ev, 'reportingComponent');
  const host = str(ev, 'source', 'host') || str(ev, 'reportingInstance');
  return host ? `${component}, ${host}` : component;
}

export const eventPrinter: ResourcePrinter = {
  columns: [
    column('Last Seen', 'string', 'The time at which the most recent occurrence of this event was recorded.'),
    column('Type', 'string', 'Type of this event (Normal, Warning), new types could be added in the future'),
    column('Reason', 'string', "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
    column('Object', 'string', 'The object that this event is about.'),
    column(
      'Subobject',
      'string',
      'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: "spec.containers{name}" (where "name" refers to the name of the container that triggered the event) or if no container name is specified "spec.containers[2]" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.',
      1,
    ),
    column('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', 1),
    column('Message', 'string', 'A human-readable description of the status of this operation.'),
    column('First Seen', 'string', 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)', 1),
    column('Count', 'string', 'The number of times this event has occurred.', 1),
    nameColumn(1),
  ],
  row(ev, now) {
    let firstTimestamp = translateTimestampSince(get(ev, 'firstTimestamp'), now);
    if (parseTime(get(ev, 'firstTimestamp')) === undefined) firstTimestamp = translateTimestampSince(get(ev, 'eventTime'), now);
    let lastTimestamp = translateTimestampSince(get(ev, 'lastTimestamp'), now);
    if (parseTime(get(ev, 'lastTimestamp')) === undefined) lastTimestamp = firstTimestamp;
    let count = num(ev, 'count');
    const series = get(ev, 'series');
    if (typeof series === 'object' && series !== null) {
      lastTimestamp = translateTimestampSince(get(series, 'lastObservedTime'), now);
      count = num(series, 'count');
    } else if (count === 0) {
      // Singleton events don't have a count set in the new API.
      count = 1;
    }
    const kind = str(ev, 'involvedObject', 'kind').toLowerCase();
    const name = str(ev, 'involvedObject', 'name');
    return {
      cells: [
        lastTimestamp,
        str(ev, 'type'),
        str(ev, 'reason'),
        name ? `${kind}/${name}` : kind,
        str(ev, 'involvedObject', 'fieldPath'),
        formatEventSource(ev),
        str(ev, 'message').trim(),
        firstTimestamp,
        count,
        str(ev, 'metadata', 'name'),
      ],
    };
  },
};
