/**
 * Unsaved editor text kept in the browser per cluster/namespace/name, with the resourceVersion and
 * the object it was based on, so a restored draft can tell that the cluster moved on (stale base)
 * and offer the three-way view. Storage is injected (window.localStorage in the app). Pure.
 */
import type { Service } from '../k8s/types';

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ServiceYamlDraft {
  text: string;
  /** resourceVersion of the Service the edit started from (absent for a create). */
  baseResourceVersion?: string;
  /** The object the edit started from, for the three-way merge. */
  base?: Service;
  savedAt: string;
}

export interface DraftRef {
  cluster: string;
  namespace: string;
  /** The Service name, or '' for "Create from YAML". */
  name: string;
}

/** What every draft's localStorage key starts with. */
export const DRAFT_KEY_PREFIX = 'porthole.yaml-draft.v1';

/** The one draft of the New-Service page (form and YAML tab) of a cluster: its namespace is part of the draft. */
export function newServiceDraftRef(cluster: string): DraftRef {
  return { cluster, namespace: '', name: '' };
}

export function draftKey(ref: DraftRef): string {
  return [DRAFT_KEY_PREFIX, ref.cluster, ref.namespace, ref.name || '(new)'].map(encodeURIComponent).join('/');
}

function isDraft(v: unknown): v is ServiceYamlDraft {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return typeof d.text === 'string' && typeof d.savedAt === 'string' && (d.baseResourceVersion === undefined || typeof d.baseResourceVersion === 'string');
}

export function loadDraft(storage: DraftStorage, ref: DraftRef): ServiceYamlDraft | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(ref));
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    return isDraft(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the draft; false when the browser refuses (quota, private mode): the text stays in the editor. */
export function saveDraft(storage: DraftStorage, ref: DraftRef, draft: Omit<ServiceYamlDraft, 'savedAt'>, now = new Date()): boolean {
  try {
    storage.setItem(draftKey(ref), JSON.stringify({ ...draft, savedAt: now.toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function discardDraft(storage: DraftStorage, ref: DraftRef): void {
  try {
    storage.removeItem(draftKey(ref));
  } catch {
    // nothing stored, nothing to remove
  }
}

/** The draft was made against another version of the Service than the one live now. */
export function isDraftStale(draft: ServiceYamlDraft, live: Service | null | undefined): boolean {
  if (!live || draft.baseResourceVersion === undefined) return false;
  return live.metadata.resourceVersion !== draft.baseResourceVersion;
}
