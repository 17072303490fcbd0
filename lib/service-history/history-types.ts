import type { Service } from '../k8s/types'; // adjust to the real path/name of the Service type

export type HistoryChangeKind = 'created' | 'modified' | 'deleted' | 'changed-while-not-watched';

export interface FieldChange {
  /** e.g. 'spec.ports[0].targetPort' */
  path: string;
  /** JSON values; undefined when absent on that side */
  old?: unknown;
  new?: unknown;
}

export interface HistoryActor {
  /** managedFields manager whose fields changed, e.g. 'kubectl-client-side-apply', 'porthole' */
  manager?: string;
  /** managedFields operation: 'Apply' | 'Update' */
  operation?: string;
  /** when the change came through Porthole: the Porthole user from the audit record */
  portholeUser?: string;
}

export interface HistoryEntry {
  /** stable id, unique per cluster (e.g. a sqlite rowid as string) */
  id: string;
  namespace: string;
  name: string;
  uid: string;
  kind: HistoryChangeKind;
  /** ISO time the recorder observed it */
  observedAt: string;
  resourceVersion: string;
  actor: HistoryActor;
  /** field changes vs the previous recorded version (metadata.managedFields, status, resourceVersion,
   *  generation, and other server-noise excluded); empty for 'created' */
  changes: FieldChange[];
  /** one line, e.g. "spec.ports[0].targetPort 8080 → 8081" or "created" / "deleted" / "3 fields changed" */
  summary: string;
}

export interface ServiceHistory {
  cluster: string;
  /** ISO time this cluster's recording started (the "recorded since") */
  recordedSince: string;
  /** newest first */
  entries: HistoryEntry[];
}

export interface HistoryVersion {
  entry: HistoryEntry;
  /** the full object as observed (managedFields and status kept) */
  object: Service;
}

export interface DeletedService {
  namespace: string;
  name: string;
  uid: string;
  deletedAt: string;
  deletedBy: HistoryActor;
  /** id of the last version before deletion (GET .../versions/{id} gives the object) */
  lastVersionId: string;
}
