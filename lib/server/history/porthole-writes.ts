import 'server-only';
import type { RequestIdentity } from '../identity';
import { subjectOf } from '../audit';
import { historyStore } from './shared-store';

/**
 * The audit side of the history: a Service write through Porthole is noted in the history store before
 * it reaches the API server, with the user the audit line names (the SelfSubjectReview user, else the
 * identity), and its result after. The recorder (possibly on another replica: the store is shared)
 * names that user on the version the write produced (store.portholeWriter). Dry runs are not noted.
 */
const SERVICE_WRITE = /^\/api\/namespaces\/\[namespace\]\/services(\/\[name\])?$/;

export async function noteServiceWrite(input: {
  identity: RequestIdentity;
  template: string;
  namespace?: string;
  name?: string;
  url: URL;
}): Promise<((code: number) => void) | undefined> {
  const store = historyStore();
  if (!store || !SERVICE_WRITE.test(input.template) || !input.namespace || !input.name || input.url.searchParams.get('dryRun') === 'All') return undefined;
  const subject = await subjectOf(input.identity);
  const user = subject.user ?? input.identity.name;
  // The history must never stop a write: a store that fails only loses the user's name on the version.
  try {
    const id = store.writeStarted(input.identity.cluster.clusterName, input.namespace, input.name, user, Date.now());
    return (code) => {
      try {
        store.writeFinished(id, code, Date.now());
      } catch (err) {
        console.warn(`[porthole] history: noting a write failed: ${(err as Error).message}`);
      }
    };
  } catch (err) {
    console.warn(`[porthole] history: noting a write failed: ${(err as Error).message}`);
    return undefined;
  }
}
