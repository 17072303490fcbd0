/**
 * The kubectl command doing what Porthole's smaller actions on a Service do, request for request:
 * - labels / annotations: `kubectl label|annotate --overwrite --resource-version=RV k=v k-`: a JSON
 *   merge patch carrying resourceVersion, as Porthole's;
 * - delete: `kubectl delete --raw PATH -f -` with DeleteOptions.preconditions.uid in the body, since
 *   `kubectl delete` has no uid precondition flag (a Service re-created under the name answers 409);
 * - port-forward: `kubectl port-forward svc/NAME L:P`.
 * The commands that send the whole object (create, replace, server-side apply) are in
 * object-commands.ts: they need a YAML writer, which pages showing only these do not load.
 * Every command names the namespace (and `--context` when given). Pure, shared by browser and server.
 */
import type { Service } from '../k8s/types';
import { assemble, part, targetParts, type KubectlCommand, type KubectlTarget } from './command';

/** What the merge patch changes in one map: new values, and null for a removed key. */
export type MapChange = Readonly<Record<string, string | null>>;

/** Setting and removing labels or annotations of a Service, only if it is still at `resourceVersion`. */
export function metadataCommand(name: string, which: 'labels' | 'annotations', change: MapChange, resourceVersion: string, target: KubectlTarget): KubectlCommand {
  const verb = which === 'labels' ? 'label' : 'annotate';
  const keys = Object.keys(change).sort();
  const args = keys.map((k) => (change[k] === null ? `${k}-` : `${k}=${change[k]}`));
  return assemble([
    part(['kubectl', verb, `svc/${name}`], `sets ${which} of Service ${name} with a merge patch (key=value sets, key- removes)`),
    ...targetParts(target),
    part(['--overwrite'], 'replaces the value of a key that is already set'),
    part([`--resource-version=${resourceVersion}`], `only if the Service is still at resourceVersion ${resourceVersion} (else 409 Conflict)`),
    ...args.map((a) => part([a], a.endsWith('-') && !a.includes('=') ? `removes ${a.slice(0, -1)}` : `sets ${a.slice(0, a.indexOf('='))}`)),
  ]);
}

/** Deleting exactly the Service that was loaded: the uid precondition in DeleteOptions. */
export function deleteCommand(svc: Service, target: KubectlTarget): KubectlCommand {
  const ns = target.namespace;
  const name = svc.metadata.name ?? '';
  const path = `/api/v1/namespaces/${encodeURIComponent(ns)}/services/${encodeURIComponent(name)}`;
  const options = { apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { uid: svc.metadata.uid } };
  const context = target.context ? [part(['--context', target.context], `on the cluster of kubeconfig context ${target.context}`)] : [];
  return assemble(
    [
      part(['kubectl', 'delete', '--raw', path], `deletes Service ${name} in namespace ${ns} (the API path names both)`),
      ...context,
      part(['-f', '-'], `sends the delete options: only the Service with uid ${svc.metadata.uid ?? '?'} (one re-created meanwhile answers 409 Conflict)`),
    ],
    JSON.stringify(options),
  );
}

/** Forwarding a local port to a Service port through the API server. */
export function portForwardCommand(name: string, localPort: number, port: number, target: KubectlTarget): KubectlCommand {
  return assemble([
    part(['kubectl', 'port-forward', `svc/${name}`], `forwards to a ready Pod behind Service ${name}`),
    part([`${localPort}:${port}`], `local port ${localPort} to the Service's port ${port}`),
    ...targetParts(target),
  ]);
}
