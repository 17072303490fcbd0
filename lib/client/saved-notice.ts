/**
 * "Applied" after a save: the form, the YAML editor and the guided flow note what they saved before
 * they open the Service's page, which says so once (a status message, announced) — kept in this tab's
 * sessionStorage for a few seconds, for that Service only.
 */
export interface SavedNotice {
  namespace: string;
  name: string;
  verb: 'Created' | 'Applied';
  resourceVersion?: string;
  /** The kubectl command that does what the save did (lib/kubectl-command). */
  command?: string;
  at: number;
}

const KEY = 'porthole:saved-notice';
const FRESH_MS = 30_000;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function noteSaved(notice: Omit<SavedNotice, 'at'>): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...notice, at: Date.now() }));
  } catch {
    // storage full or refused: the page just does not say it
  }
}

/** The notice for this Service, once: read and removed. */
export function takeSavedNotice(namespace: string, name: string): SavedNotice | undefined {
  const s = storage();
  const raw = s?.getItem(KEY);
  if (!s || !raw) return undefined;
  try {
    const n = JSON.parse(raw) as Partial<SavedNotice>;
    if (n.namespace !== namespace || n.name !== name || typeof n.at !== 'number' || Date.now() - n.at > FRESH_MS) return undefined;
    s.removeItem(KEY);
    return {
      namespace,
      name,
      verb: n.verb === 'Created' ? 'Created' : 'Applied',
      resourceVersion: typeof n.resourceVersion === 'string' ? n.resourceVersion : undefined,
      command: typeof n.command === 'string' ? n.command : undefined,
      at: n.at,
    };
  } catch {
    s.removeItem(KEY);
    return undefined;
  }
}
