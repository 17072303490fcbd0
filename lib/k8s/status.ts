/**
 * Builders for metav1.Status error bodies with the real API server's messages. Pure and
 * browser-safe; the embedded cluster returns them, Porthole's route handlers pass them through and
 * the browser reads them back with `readStatus`.
 */
import type { Status, StatusCause, StatusReason } from './types/meta';
import { errorBody, formatAggregate, type FieldError } from './field-errors';

/** Group + resource as the real server names them in messages: `services`, `endpointslices.discovery.k8s.io`. */
export interface GroupResource {
  group: string;
  resource: string;
}

export function qualifiedResource(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

export function failure(code: number, reason: StatusReason, message: string, details?: Status['details']): Status {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details) status.details = details;
  return status;
}

function detailsFor(gr: GroupResource, name: string): Status['details'] {
  const d: NonNullable<Status['details']> = { name, kind: gr.resource };
  if (gr.group) d.group = gr.group;
  return d;
}

export const statusError = {
  notFound: (gr: GroupResource, name: string): Status =>
    failure(404, 'NotFound', `${qualifiedResource(gr)} "${name}" not found`, detailsFor(gr, name)),
  alreadyExists: (gr: GroupResource, name: string): Status =>
    failure(409, 'AlreadyExists', `${qualifiedResource(gr)} "${name}" already exists`, detailsFor(gr, name)),
  conflict: (gr: GroupResource, name: string, why: string): Status =>
    failure(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${why}`, detailsFor(gr, name)),
  /** 422 with causes; `kind` is the object's Kind (`Service`), group omitted for core. */
  invalid: (kind: string, group: string, name: string, errors: readonly FieldError[]): Status => {
    const causes: StatusCause[] = errors.map((e) => ({ reason: e.type, message: errorBody(e), field: e.field }));
    const qualifiedKind = group ? `${kind}.${group}` : kind;
    const details: NonNullable<Status['details']> = { name, kind, causes };
    if (group) details.group = group;
    return failure(422, 'Invalid', `${qualifiedKind} "${name}" is invalid: ${formatAggregate(errors)}`, details);
  },
  badRequest: (message: string): Status => failure(400, 'BadRequest', message),
  unauthorized: (): Status => failure(401, 'Unauthorized', 'Unauthorized'),
  /** `message` is the whole text, e.g. `services "x" is forbidden: User "viewer" cannot delete ...`. */
  forbidden: (message: string, gr?: GroupResource, name?: string): Status => {
    if (!gr) return failure(403, 'Forbidden', message);
    const details: NonNullable<Status['details']> = { kind: gr.resource };
    if (name) details.name = name;
    if (gr.group) details.group = gr.group;
    return failure(403, 'Forbidden', message, details);
  },
  gone: (message: string): Status => failure(410, 'Expired', message),
  methodNotAllowed: (message: string): Status => failure(405, 'MethodNotAllowed', message),
  unsupportedMediaType: (contentType: string): Status =>
    failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json (got ${contentType})`),
  tooLarge: (): Status => failure(413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728'),
  internal: (message: string): Status => failure(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] }),
};

export function isStatus(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

/** Reads a Status out of any error-ish value (a parsed body, a JSON string), or undefined. */
export function readStatus(value: unknown): Status | undefined {
  if (isStatus(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return isStatus(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
