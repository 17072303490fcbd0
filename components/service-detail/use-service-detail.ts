'use client';
/**
 * Everything the detail page shows, from the app's live hooks: the Service, the pods of its
 * namespace (backing pods and near misses), its EndpointSlices (or legacy Endpoints when the cluster
 * has no EndpointSlice API), its events and the nodes. Derivations come from lib/service-insight.
 */
import { useMemo } from 'react';
import { useServiceEndpointSlices } from '../../lib/client/endpointslices';
import { useLiveEndpoints } from '../../lib/client/endpoints-live';
import { useEventsFor } from '../../lib/client/events';
import { useOptionalNodes } from '../../lib/client/optional-list';
import { usePods } from '../../lib/client/pods';
import { useService } from '../../lib/client/services';
import type { Endpoints, Event, Node, Pod, Service, Status } from '../../lib/k8s/types';
import type { DetailLists } from '../../lib/live/detail-lists';
import { diagnose, type Finding } from '../../lib/service-insight/diagnosis';
import { allEndpoints, countEndpointViews, groupLegacyEndpoints, groupSlices, type AddressTypeGroup, type EndpointCounts, type EndpointView } from '../../lib/service-insight/endpoints';
import { eventsNewestFirst } from '../../lib/service-insight/events';
import { diagnosisHeadline, endpointHeadline, type EndpointHeadline, type Headline } from '../../lib/service-insight/headline';
import { backingPods, podReady } from '../../lib/service-insight/pods';

export interface ServiceDetailModel {
  service: Service | null | undefined;
  serviceError?: Status;
  /** Every pod of the namespace; undefined while loading. */
  namespacePods?: Pod[];
  backing: Pod[];
  readyPods: number;
  /** Where traffic goes; `source` says which API it came from. */
  groups: AddressTypeGroup[];
  endpoints: EndpointView[];
  counts: EndpointCounts;
  source: 'EndpointSlices' | 'Endpoints';
  slicesLoading: boolean;
  legacyEndpoints: Endpoints | null | undefined;
  events: Event[];
  nodes: Node[];
  findings: Finding[];
  headline?: Headline;
  /** The header's endpoint count (agrees with the diagnosis). */
  endpointHeadline: EndpointHeadline;
  /** Loading of the inputs the diagnosis needs. */
  diagnosisReady: boolean;
  /** An input of the diagnosis that cannot be read (e.g. 403 on pods): the diagnosis says so instead. */
  diagnosisBlocked?: { what: string; status: Status };
  /** Per section, why its data cannot be shown (each section explains it in place; never a page banner). */
  sectionErrors: Partial<Record<'pods' | 'endpointslices' | 'events' | 'nodes', Status>>;
}

export function statusOf(err: unknown): Status | undefined {
  if (err && typeof err === 'object' && 'status' in err) {
    const s = (err as { status: unknown }).status;
    if (s && typeof s === 'object' && (s as { kind?: unknown }).kind === 'Status') return s as Status;
  }
  return undefined;
}

/** `initial`, `lists`: the Service and the lists the page's HTML carried (taken as first answers: no request). */
export function useServiceDetail(namespace: string, name: string, initial?: Service, lists: DetailLists = {}): ServiceDetailModel {
  const svc = useService(namespace, name, initial);
  const pods = usePods(namespace, undefined, lists.pods);
  const slices = useServiceEndpointSlices(namespace, name, lists.endpointSlices);
  const legacy = useLiveEndpoints(namespace, name, lists.endpoints);
  const events = useEventsFor(namespace, { kind: 'Service', name }, lists.events);
  const nodes = useOptionalNodes(lists.nodes);

  const sliceError = statusOf(slices.query.error);
  // A cluster without the discovery.k8s.io API answers 404 for the list: fall back to Endpoints.
  const noSliceApi = sliceError?.code === 404;

  const service = svc.service;
  const namespacePods = pods.items;
  const sliceItems = slices.items;
  const legacyEndpoints = legacy.endpoints;
  const eventItems = events.items;
  const nodeItems = nodes.items;
  // An input that failed for good (e.g. 403) counts as empty rather than blocking the diagnosis.
  const legacySettled = legacyEndpoints !== undefined || legacy.query.isError;
  const eventsSettled = eventItems !== undefined || events.query.isError;
  // While TanStack retries (e.g. 503: API server down), the error is only in failureReason.
  const serviceStatus = statusOf(svc.query.error ?? svc.query.failureReason);
  const podsStatus = statusOf(pods.query.error ?? (pods.items === undefined ? pods.query.failureReason : undefined));

  return useMemo(() => {
    const backing = service && namespacePods ? backingPods(service, namespacePods) : [];
    const groups = noSliceApi ? groupLegacyEndpoints(legacyEndpoints) : groupSlices(sliceItems ?? []);
    const endpoints = allEndpoints(groups);
    const sortedEvents = eventsNewestFirst(eventItems ?? []);
    const diagnosisReady = !!service && namespacePods !== undefined && (noSliceApi || sliceItems !== undefined) && eventsSettled && legacySettled;
    const sliceStatus = noSliceApi ? undefined : statusOf(slices.query.error);
    const podsFinal = pods.query.isError ? podsStatus : undefined;
    const diagnosisBlocked = podsFinal ? { what: 'pods', status: podsFinal } : sliceStatus && sliceItems === undefined ? { what: 'EndpointSlices', status: sliceStatus } : undefined;
    const findings = service && diagnosisReady
      ? diagnose({
          service,
          pods: namespacePods ?? [],
          endpointSlices: noSliceApi ? undefined : sliceItems,
          endpoints: legacyEndpoints,
          events: sortedEvents,
          nodes: nodeItems ?? [],
        })
      : [];
    const servicePorts = (service?.spec?.ports?.length ?? 0) > 0;
    const counts = countEndpointViews(endpoints, servicePorts);
    const sectionErrors: ServiceDetailModel['sectionErrors'] = {};
    if (podsStatus) sectionErrors.pods = podsStatus;
    if (sliceStatus) sectionErrors.endpointslices = sliceStatus;
    const eventsStatus = statusOf(events.query.error);
    if (eventsStatus) sectionErrors.events = eventsStatus;
    if (nodes.unavailable) sectionErrors.nodes = nodes.unavailable;
    return {
      service,
      serviceError: serviceStatus ?? svc.watchFailure,
      namespacePods,
      backing,
      readyPods: backing.filter(podReady).length,
      groups,
      endpoints,
      counts,
      source: noSliceApi ? 'Endpoints' : 'EndpointSlices',
      slicesLoading: !noSliceApi && sliceItems === undefined,
      legacyEndpoints,
      events: sortedEvents,
      nodes: nodeItems ?? [],
      findings,
      headline: service && diagnosisReady ? diagnosisHeadline(findings, service) : undefined,
      endpointHeadline: endpointHeadline(counts),
      diagnosisReady,
      diagnosisBlocked,
      sectionErrors,
    } satisfies ServiceDetailModel;
  }, [service, namespacePods, sliceItems, legacyEndpoints, eventItems, nodeItems, noSliceApi, legacySettled, eventsSettled, serviceStatus, svc.watchFailure, podsStatus, pods.query.isError, slices.query.error, events.query.error, nodes.unavailable]);
}
