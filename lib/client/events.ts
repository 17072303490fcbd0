'use client';
import type { Event } from '../k8s/types';
import type { ListSnapshot } from '../live/protocol';
import { apiPaths } from './api-paths';
import { fetchSnapshot, useLiveList, type LiveList } from './live-list';

export interface InvolvedObject {
  kind: string;
  name: string;
}

/** Events about one object (e.g. a Service), kept live; `initial`: as the page's HTML carried them. */
export function useEventsFor(namespace: string, involved: InvolvedObject, initial?: ListSnapshot<Event>): LiveList<Event> {
  const fieldSelector = `involvedObject.kind=${involved.kind},involvedObject.name=${involved.name}`;
  return useLiveList<Event>({ resource: 'events', namespace, fieldSelector }, (signal) => fetchSnapshot<Event>(apiPaths.events(namespace, involved), signal), initial);
}
