import 'server-only';
import { failure, statusError } from '../../k8s/status';
import { mayOnServices } from '../access';
import { subjectOf } from '../audit';
import { RequestError } from '../errors';
import type { RequestIdentity } from '../identity';
import { historyStore } from './shared-store';
import type { HistoryStore } from './store';

/** The store, or 503 when this Porthole records no history (started without a history dir). */
export function requireHistoryStore(): HistoryStore {
  const store = historyStore();
  if (!store) throw new RequestError(failure(503, 'ServiceUnavailable', 'Porthole records no Service history: start it with --history-dir (npm start sets one by default)'));
  return store;
}

/**
 * History shows a user only what the API server would: `get` on that Service (`list` services in the
 * namespace without a name: the deleted ones), asked as the user with a SelfSubjectAccessReview. A
 * refusal is the API server's 403 text; an unknown answer refuses too (503).
 */
export async function requireServiceRead(identity: RequestIdentity, verb: 'get' | 'list', namespace: string, name?: string): Promise<void> {
  const allowed = await mayOnServices(identity.kubeConfig, verb, namespace, name);
  if (allowed === true) return;
  if (allowed === undefined) throw new RequestError(failure(503, 'ServiceUnavailable', 'cannot check access to the Service history: the access review did not answer'));
  const user = (await subjectOf(identity)).user ?? identity.name;
  const what = name ? `services "${name}" is forbidden` : 'services is forbidden';
  const message = `${what}: User "${user}" cannot ${verb} resource "services" in API group "" in the namespace "${namespace}"`;
  throw new RequestError(statusError.forbidden(message, { group: '', resource: 'services' }, name));
}
