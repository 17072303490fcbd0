/** What every controller gets: the in-process API, the shared caches, a clock and an error sink. */
import type { ClusterApi } from '../api';
import { ApiError } from '../errors/api-error';
import type { SharedInformers } from './shared-informers';

export interface ControllerContext {
  api: ClusterApi;
  informers: SharedInformers;
  now(): Date;
  onError(err: unknown, where: string): void;
}

export interface RunningController {
  /** Queues the initial work; called once the shared informers hold the current state. */
  start(): void;
  /** Resolves once the controller has nothing queued. */
  idle(): Promise<void>;
  busy(): boolean;
  stop(): void;
}

/** The field manager the real kube-controller-manager's controllers write with. */
export const KUBE_CONTROLLER_MANAGER = 'kube-controller-manager';

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.code === 404;
}

export function isAlreadyExists(err: unknown): boolean {
  return err instanceof ApiError && err.code === 409 && err.status.reason === 'AlreadyExists';
}

/** The namespace is being deleted (NamespaceLifecycle): writing there again will not help. */
export function isNamespaceTerminating(err: unknown): boolean {
  return err instanceof ApiError && (err.status.details?.causes ?? []).some((c) => c.reason === 'NamespaceTerminating');
}

/** Errors a retry cannot fix: the namespace is going away or gone. */
export function isPermanent(err: unknown): boolean {
  return isNamespaceTerminating(err) || (err instanceof ApiError && err.code === 404 && err.status.details?.kind === 'namespaces');
}

/** RFC 3339 with seconds, as metav1.Time marshals. */
export function rfc3339(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
