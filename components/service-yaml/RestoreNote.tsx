'use client';
/** At the top of the YAML editor opened on a recorded version ("Restore this version" in the History section). */
import type { HistoryEntry } from '../../lib/service-history/history-types';
import { actorLabel } from '../../lib/service-history/display';
import { SafeText } from '../text/SafeText';

export function RestoreNote({ entry, error }: { entry?: HistoryEntry; error?: Error }) {
  if (error) {
    return (
      <div className="banner bad" role="alert" data-testid="yaml-restore-error">
        Cannot load the version to restore: {error.message}
      </div>
    );
  }
  if (!entry) return <p role="status">Loading the version to restore…</p>;
  return (
    <div className="banner warn" role="status" data-testid="yaml-restore-note">
      Restoring the version of {new Date(entry.observedAt).toLocaleString()} (resourceVersion {entry.resourceVersion}, by <SafeText text={actorLabel(entry.actor)} />
      ). The editor holds its spec, labels and annotations; the review compares the live Service (left) with it (right). The fields the server owns (clusterIP, nodePorts,
      healthCheckNodePort, resourceVersion, uid, status) are kept from live; the write is a replace with live&apos;s resourceVersion, so a change made meanwhile is refused (409)
      and merged.
    </div>
  );
}
