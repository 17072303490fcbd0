/**
 * The kubectl command doing what Porthole's writes of a whole Service do, request for request:
 * - create: `kubectl create -f -` (a POST, as Porthole's create; `kubectl apply` would add its
 *   last-applied annotation);
 * - replace / restore: `kubectl replace -f -` with metadata.resourceVersion in the object: a PUT that
 *   the server refuses with 409 when the Service changed since (the precondition Porthole sends);
 * - the YAML editor's server-side apply: `kubectl apply --server-side --field-manager=porthole`;
 * - dry runs: `--dry-run=server` (dryRun=All).
 * The object goes on standard input as YAML for YAML 1.1 readers (kubectl's): strings such as `yes`,
 * `on`, `0777` or `12:30` are quoted, or kubectl would read booleans and numbers. Every command names
 * the namespace (and `--context` when given). Pure, shared by browser and server.
 */
import { stringify } from 'yaml';
import type { Service } from '../k8s/types';
import { assemble, part, targetParts, type CommandPart, type KubectlCommand, type KubectlTarget } from './command';

export interface WriteOptions {
  /** Ask the server to check the write without persisting it. */
  dryRun?: boolean;
}

/** The object as sent in a create or replace, as YAML: without status (a Service write ignores it). */
function body(svc: Service): string {
  const { status: _status, ...rest } = svc;
  return stringify(rest, { lineWidth: 0, version: '1.1' });
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
