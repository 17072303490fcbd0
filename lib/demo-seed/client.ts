/**
 * The client side of the demo seed: @kubernetes/client-node's typed APIs for one KubeConfig, and
 * the conversions between its models (timestamps as `Date`) and Porthole's wire types
 * (lib/k8s/types: timestamps as RFC 3339 text), plus what an API error says.
 */
import { CoordinationV1Api, CoreV1Api, DiscoveryV1Api, type KubeConfig } from '@kubernetes/client-node';
import { readStatus } from '../k8s/status';

export interface DemoClient {
  core: CoreV1Api;
  coordination: CoordinationV1Api;
  discovery: DiscoveryV1Api;
  /** The API server's address (for messages). */
  server: string;
}

export function demoClient(kc: KubeConfig): DemoClient {
  return {
    core: kc.makeApiClient(CoreV1Api),
    coordination: kc.makeApiClient(CoordinationV1Api),
    discovery: kc.makeApiClient(DiscoveryV1Api),
    server: kc.getCurrentCluster()?.server ?? '(no server)',
  };
}

/** A client-node model as it was on the wire (its `Date`s back to RFC 3339 text), typed as Porthole's wire type. */
export function wire<T>(model: unknown): T {
  return JSON.parse(JSON.stringify(model)) as T;
}

/**
 * A Porthole wire object as a client-node request body. client-node serializes `Date`s and passes
 * strings through, so wire objects are sent unchanged; only the static types differ.
 */
export function body<T>(object: object): T {
  return object as T;
}

export interface ApiFailure {
  code: number;
  reason: string;
  message: string;
  /** `details.causes[].field` of a 422. */
  fields: string[];
}

/** What an ApiException says (code, reason and message of its Status), or undefined for other errors. */
export function apiFailure(err: unknown): ApiFailure | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, body: text } = err as { code?: unknown; body?: unknown };
  if (typeof code !== 'number') return undefined;
  const status = readStatus(text);
  return {
    code,
    reason: status?.reason ?? '',
    message: status?.message ?? (typeof text === 'string' ? text : `HTTP ${code}`),
    fields: (status?.details?.causes ?? []).map((c) => c.field ?? '').filter(Boolean),
  };
}

export const isConflict = (err: unknown): boolean => apiFailure(err)?.code === 409;
export const isNotFound = (err: unknown): boolean => apiFailure(err)?.code === 404;
export const isAlreadyExists = (err: unknown): boolean => apiFailure(err)?.code === 409 && apiFailure(err)?.reason === 'AlreadyExists';

/** The error's message: the Status message for API errors. */
export function errorText(err: unknown): string {
  const failure = apiFailure(err);
  if (failure) return `${failure.code} ${failure.reason}: ${failure.message}`;
  return err instanceof Error ? err.message : String(err);
}

/** The MicroTime format of Lease times (`2006-01-02T15:04:05.000000Z`). */
export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
