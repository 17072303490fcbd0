import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import { failure, statusError } from '../../k8s/status';
import type { EndpointSlice, KubeList, Pod, Service, ServicePort } from '../../k8s/types';
import { FORWARD_NOT_ALLOWED_REASON } from '../../reach/wire';
import { reviewAllows } from '../access';
import { RequestError, statusFromUpstream } from '../errors';
import { endpointSlices, pods, services } from '../operations';
import { readJson, readText, type UpstreamResponse } from '../upstream';
import { chosenServicePort } from './targets';

async function body<T>(res: UpstreamResponse): Promise<T> {
  if (res.status !== 200) throw new RequestError(statusFromUpstream(res.status, await readText(res.body)));
  return (await readJson(res.body)) as T;
}

export interface ServiceBackends {
  service: Service;
  port: ServicePort;
  slices: EndpointSlice[];
  pods: Pod[];
}

/** The Service, the port asked for, its EndpointSlices and the namespace's pods, read as the identity. */
export async function serviceBackends(kc: KubeConfig, namespace: string, name: string, port: number | undefined, signal?: AbortSignal): Promise<ServiceBackends> {
  const service = await body<Service>(await services.get(kc, namespace, name, signal));
  const chosen = chosenServicePort(service, port);
  if (!chosen) {
    throw new RequestError(statusError.badRequest(port === undefined ? `service ${name} has no TCP port to reach` : `service ${name} has no TCP port ${port}`));
  }
  const [slices, podList] = await Promise.all([
    body<KubeList<EndpointSlice>>(await endpointSlices.list(kc, { namespace, serviceName: name, signal })),
    body<KubeList<Pod>>(await pods.list(kc, { namespace, signal })),
  ]);
  return { service, port: chosen, slices: slices.items, pods: podList.items };
}

/**
 * Refuses with 403 unless the identity may `create pods/portforward` in the namespace (what the API
 * server checks before it upgrades a port-forward); an unknown answer leaves it to the API server.
 */
export async function requirePortForward(kc: KubeConfig, namespace: string, who: string): Promise<void> {
  if ((await reviewAllows(kc, { verb: 'create', resource: 'pods', subresource: 'portforward', namespace })) !== false) return;
  throw new RequestError(
    statusError.forbidden(`pods is forbidden: ${who} cannot create resource "pods/portforward" in API group "" in the namespace "${namespace}"`, { group: '', resource: 'pods' }),
  );
}

/** Is `host` (the address Porthole binds, `--host`) a loopback address only? */
function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Forwards to localhost are allowed when Porthole serves on loopback only (PORTHOLE_HOST, what
 * `--host` sets) or with `--allow-port-forward` (PORTHOLE_ALLOW_PORT_FORWARD=1).
 */
export function localForwardsAllowed(env: Record<string, string | undefined> = process.env): boolean {
  const flag = (env.PORTHOLE_ALLOW_PORT_FORWARD ?? '').trim().toLowerCase();
  if (flag === '1' || flag === 'true' || flag === 'yes') return true;
  return isLoopbackHost(env.PORTHOLE_HOST ?? '127.0.0.1');
}

export function requireLocalForwards(): void {
  if (!localForwardsAllowed()) throw new RequestError(failure(403, 'Forbidden', FORWARD_NOT_ALLOWED_REASON));
}
