import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject, Service, ServiceList } from '../k8s/types';
import type { WatchSpec } from '../live/protocol';
import { projectService } from '../service-list/projection';
import { services } from './operations';
import { relay } from './route';
import { readJson } from './upstream';
import type { WatchSink } from './upstream-watch';

/**
 * The Service list's projection on the server (lib/service-list/projection.ts): the list route answers
 * a ServiceList of projected Services, and a watch asked for `view: 'rows'` sends projected objects
 * in its resyncs and changes. The browser never downloads managedFields or annotations for the list.
 */
export async function serviceRowsResponse(kc: KubeConfig, namespace: string | undefined, signal: AbortSignal): Promise<Response> {
  const res = await services.list(kc, { namespace, signal });
  if (res.status !== 200) return relay(res);
  const list = (await readJson(res.body)) as ServiceList;
  const body: ServiceList = {
    apiVersion: 'v1',
    kind: 'ServiceList',
    metadata: { resourceVersion: list.metadata?.resourceVersion },
    items: (list.items ?? []).map(projectService),
  };
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** The sink a watch writes to, projecting objects when the watch asked for the list's view. */
export function projectingSink(spec: WatchSpec, sink: WatchSink): WatchSink {
  if (spec.resource !== 'services' || spec.view !== 'rows') return sink;
  const project = (o: KubeObject): KubeObject => projectService(o as Service);
  return {
    ...sink,
    resync: (list) => sink.resync({ resourceVersion: list.resourceVersion, items: list.items.map(project) }),
    change: (type, object) => sink.change(type, project(object)),
  };
}
