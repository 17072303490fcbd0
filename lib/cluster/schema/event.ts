/** core/v1 Event. */
import { field, int32, named, str, time } from './builders';
import { kindSchema } from './meta';
import { objectReferenceSchema } from './object-reference';

const CORE = 'io.k8s.api.core.v1';

export const eventSourceSchema = named(`${CORE}.EventSource`, 'The component that reported an event.', {
  component: str('The reporting component, e.g. `service-controller`.'),
  host: str('The node the component runs on.'),
});

export const eventSeriesSchema = named(`${CORE}.EventSeries`, 'A series of repeated occurrences of an event.', {
  count: int32('How many times it occurred in this series.'),
  lastObservedTime: time('When it was last seen.'),
});

export const eventSchema = kindSchema(
  `${CORE}.Event`,
  'A report of something that happened to an object, such as a load balancer being provisioned. Events expire after a while.',
  { group: '', version: 'v1', kind: 'Event' },
  {
    involvedObject: field(objectReferenceSchema, 'The object the event is about.'),
    reason: str('A short CamelCase word for what happened, e.g. `EnsuringLoadBalancer`.'),
    message: str('A human-readable description of what happened.'),
    source: field(eventSourceSchema, 'The component that reported the event.'),
    firstTimestamp: time('When the event was first seen.'),
    lastTimestamp: time('When the event was most recently seen.'),
    count: int32('How many times the event occurred.'),
    type: str('`Normal` or `Warning`.'),
    eventTime: time('When the event first occurred, with microsecond precision.'),
    series: field(eventSeriesSchema, 'Data about the series of repeated occurrences, if any.'),
    action: str('What the reporting component did or failed to do.'),
    related: field(objectReferenceSchema, 'A second object involved, if any.'),
    reportingComponent: str('The controller that emitted the event, e.g. `kubernetes.io/kubelet`.'),
    reportingInstance: str('The instance of that controller, e.g. a node name.'),
  },
  ['metadata', 'involvedObject'],
);
