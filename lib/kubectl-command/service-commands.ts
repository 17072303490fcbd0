/**
 * The kubectl command doing what each Porthole action on a Service does, request for request:
 * - create: `kubectl create -f -` (a POST, as Porthole's create; `kubectl apply` would add its
 *   last-applied annotation);
 * - replace / restore: `kubectl replace -f -` with metadata.resourceVersion in the object: a PUT that
 *   the server refuses with 409 when the Service changed since (the precondition Porthole sends);
 * - the YAML editor's server-side apply: `kubectl apply --server-side --field-manager=porthole`;
 * - labels / annotations: `kubectl label|annotate --overwrite --resource-version=RV k=v k-`: a JSON
 *   merge patch carrying resourceVersion, as Porthole's;
 * - delete: `kubectl delete --raw PATH -f -` with DeleteOptions.preconditions.uid in the body, since
 *   `kubectl delete` has no uid precondition flag (a Service re-created under the name answers 409);
 * - dry runs: `--dry-run=server` (dryRun=All); port-forward: `kubectl port-forward svc/NAME L:P`.
 * Every command names the namespace (and `--context` when given). Pure, shared by browser and server.
 */
import type { Service } from '../k8s/types';
import { assemble, part, targetParts, type CommandPart, type KubectlCommand, type KubectlTarget } from './command';

export interface WriteOptions {
  /** Ask the server to check the write without persisting it. */
  dryRun?: boolean;
}

/** The object as sent in a create or replace: without status (a Service write ignores it). */
function body(svc: Service): Service {
  const { status: _status, ...rest } = svc;
  return rest as Service;
}

const dryRunParts = (o: WriteOptions): CommandPart[] => (o.dryRun ? [part(['--dry-run=server'], 'the server checks the write (admission, validation) and stores nothing')] : []);
const fromStdin = part(['-f', '-'], 'reads the object from standard input');

/** Creating a Service (POST). */
export function createCommand(svc: Service, target: KubectlTarget, o: WriteOptions = {}): KubectlCommand {
  return assemble([part(['kubectl', 'create'], 'creates the Service; fails if one of that name exists'), ...targetParts(target), ...dryRunParts(o), fromStdin], body(svc));
}

/** Replacing a Service (PUT); `svc.metadata.resourceVersion` is the precondition. */
export function replaceCommand(svc: Service, target: KubectlTarget, o: WriteOptions = {}): KubectlCommand {
  const rv = svc.metadata.resourceVersion;
  return assemble(
    [
      part(['kubectl', 'replace'], rv ? `replaces the whole Service, only if it is still at resourceVersion ${rv} (else 409 Conflict)` : 'replaces the whole Service'),
      ...targetParts(target),
      ...dryRunParts(o),
      fromStdin,
    ],
    body(svc),
  );
}

/** Restoring an earlier version: a replace of `version` on top of the live object at `liveResourceVersion`. */
export function restoreCommand(version: Service, liveResourceVersion: string, target: KubectlTarget, o: WriteOptions = {}): KubectlCommand {
  return replaceCommand({ ...version, metadata: { ...version.metadata, resourceVersion: liveResourceVersion } }, target, o);
}

/** Server-side apply as field manager `fieldManager`; `force` takes over fields other managers own. */
export function serverSideApplyCommand(svc: Service, target: KubectlTarget, o: WriteOptions & { fieldManager: string; force?: boolean }): KubectlCommand {
  return assemble(
    [
      part(['kubectl', 'apply', '--server-side'], 'server-side apply: the server merges the fields this manager sets'),
      part([`--field-manager=${o.fieldManager}`], `owns the fields as manager ${o.fieldManager}`),
      ...(o.force ? [part(['--force-conflicts'], 'takes over fields another manager owns')] : []),
      ...targetParts(target),
      ...dryRunParts(o),
      fromStdin,
    ],
    body(svc),
  );
}

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
