import type { Endpoints, EndpointSlice, Event, Node, Pod } from '../k8s/types';
import type { ListSnapshot } from './protocol';

/**
 * The lists a Service's detail page reads besides the Service (the diagnosis's inputs), as the page's
 * first HTML may carry them (lib/server/first-detail-lists.ts): each one that is present is taken as
 * the browser's first answer for that list; an absent one the browser loads as always.
 */
export interface DetailLists {
  /** Every pod of the namespace (backing pods and near misses). */
  pods?: ListSnapshot<Pod>;
  /** The Service's EndpointSlices (label kubernetes.io/service-name). */
  endpointSlices?: ListSnapshot<EndpointSlice>;
  /** The Service's legacy Endpoints object: one item, or none when it does not exist. */
  endpoints?: ListSnapshot<Endpoints>;
  /** The events about the Service. */
  events?: ListSnapshot<Event>;
  /** Every node (zones, for topology hints), when the identity may list them. */
  nodes?: ListSnapshot<Node>;
}
