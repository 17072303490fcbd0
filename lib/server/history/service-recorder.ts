import 'server-only';
import type { KubeObject, Service } from '../../k8s/types';
import { changeActor } from '../../service-history/change-actor';
import { changeSummary, fieldChanges } from '../../service-history/field-changes';
import type { FieldChange, HistoryActor, HistoryChangeKind } from '../../service-history/history-types';
import type { HistoryStore, LastVersion } from './store';

/** How far apart a Porthole write and the version it produced may be observed. */
const WRITE_SLACK_MS = 10_000;

const keyOf = (o: KubeObject): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;

/**
 * Turns one cluster's Service watch into history versions. Every list (the first, a relist after a
 * 410, the first list of a new leader) is compared with the newest stored version of each Service:
 * what changed meanwhile is one 'changed-while-not-watched' version per Service, what is gone one
 * 'deleted'; on the very first list of a cluster every Service gets its first version ('created',
 * "existing when recording started"). Watch events then become 'created', 'modified', 'deleted'.
 */
export class ServiceRecorder {
  private readonly last: Map<string, LastVersion>;

  constructor(
    private readonly store: HistoryStore,
    private readonly cluster: string,
  ) {
    this.last = store.lastVersions(cluster);
  }

  resync(items: readonly KubeObject[], nowMs: number = Date.now()): void {
    const fresh = this.store.recordedSinceMs(this.cluster) === undefined;
    this.store.startRecording(this.cluster, nowMs);
    const seen = new Set<string>();
    for (const o of items) {
      const svc = o as Service;
      const key = keyOf(svc);
      seen.add(key);
      const prev = this.last.get(key);
      const same = prev && prev.kind !== 'deleted' && prev.object.metadata.uid === svc.metadata.uid;
      if (same && prev.resourceVersion === svc.metadata.resourceVersion) continue;
      if (!same) {
        const summary = fresh ? 'existing when recording started' : 'created while not watched';
        this.record(fresh ? 'created' : 'changed-while-not-watched', svc, changeActor(undefined, svc), [], summary, nowMs);
        continue;
      }
      const changes = fieldChanges(prev.object, svc);
      const summary = `while not watched: ${changeSummary(changes, 'server-set fields only')}`;
      this.record('changed-while-not-watched', svc, changeActor(prev.object, svc), changes, summary, nowMs);
    }
    for (const [key, prev] of this.last) {
      if (seen.has(key) || prev.kind === 'deleted') continue;
      this.record('deleted', prev.object, {}, [], 'deleted while not watched', nowMs);
    }
  }

  change(type: 'ADDED' | 'MODIFIED' | 'DELETED', o: KubeObject, nowMs: number = Date.now()): void {
    const svc = o as Service;
    const prev = this.last.get(keyOf(svc));
    const same = prev && prev.kind !== 'deleted' && prev.object.metadata.uid === svc.metadata.uid;
    if (type === 'DELETED') {
      if (prev?.kind === 'deleted') return;
      this.record('deleted', svc, {}, [], 'deleted', nowMs);
      return;
    }
    if (same && prev.resourceVersion === svc.metadata.resourceVersion) return;
    if (!same) {
      this.record('created', svc, changeActor(undefined, svc), [], 'created', nowMs);
      return;
    }
    const changes = fieldChanges(prev.object, svc);
    this.record('modified', svc, changeActor(prev.object, svc), changes, changeSummary(changes, 'server-set fields only (status, managedFields)'), nowMs);
  }

  private record(kind: HistoryChangeKind, svc: Service, actor: HistoryActor, changes: FieldChange[], summary: string, nowMs: number): void {
    const { namespace = '', name = '' } = svc.metadata;
    // Versions found by a relist were not made "now": no Porthole write is matched to them.
    const live = kind !== 'changed-while-not-watched' && summary !== 'deleted while not watched';
    const portholeUser = live ? this.store.claimWriter(this.cluster, namespace, name, nowMs, WRITE_SLACK_MS) : undefined;
    const withUser: HistoryActor = portholeUser ? { ...actor, portholeUser } : actor;
    this.store.insert({ cluster: this.cluster, kind, observedMs: nowMs, object: svc, actor: withUser, changes, summary });
    this.last.set(`${namespace}/${name}`, { kind, resourceVersion: svc.metadata.resourceVersion ?? '', object: svc });
  }
}
