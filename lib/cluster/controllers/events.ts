/**
 * A core/v1 Event recorder, as client-go's record.EventRecorder writes them: name
 * `<object>.<hex nanoseconds>`, involvedObject, source.component, and repeated events (same object,
 * reason, message, source) counted up instead of duplicated.
 */
import type { Event } from '../../k8s/types/cluster';
import type { KubeObject } from '../../k8s/types/meta';
import type { ClusterApi } from '../api';
import { rfc3339 } from './context';

export interface EventRecorder {
  event(obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void;
}

export interface InvolvedKind {
  apiVersion: string;
  kind: string;
}

let lastNanos = 0n;

function uniqueNanos(now: Date): bigint {
  let n = BigInt(now.getTime()) * 1_000_000n;
  if (n <= lastNanos) n = lastNanos + 1n;
  lastNanos = n;
  return n;
}

const MAX_REMEMBERED = 4096;

/** Events are best effort, as client-go's broadcaster: a failed write is reported, never thrown. */
export function createEventRecorder(
  api: ClusterApi,
  component: string,
  fieldManager: string,
  kindOf: (obj: KubeObject) => InvolvedKind,
  now: () => Date = () => new Date(),
  onError: (err: unknown) => void = () => {},
): EventRecorder {
  const seen = new Map<string, string>();
  function write(obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
      const namespace = obj.metadata.namespace ?? 'default';
      const { apiVersion, kind } = kindOf(obj);
      const key = [namespace, kind, obj.metadata.name, obj.metadata.uid, reason, message, type].join('\u0000');
      const at = now();
      const existingName = seen.get(key);
      if (existingName) {
        const existing = api.get<Event>('events', namespace, existingName);
        if (existing) {
          const next: Event = structuredClone(existing);
          next.count = (existing.count ?? 1) + 1;
          next.lastTimestamp = rfc3339(at);
          api.update('events', next, { fieldManager });
          return;
        }
      }
      const name = `${obj.metadata.name ?? ''}.${uniqueNanos(at).toString(16)}`;
      const ev: Event = {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name, namespace },
        involvedObject: {
          kind,
          ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}),
          name: obj.metadata.name ?? '',
          ...(obj.metadata.uid ? { uid: obj.metadata.uid } : {}),
          apiVersion,
          ...(obj.metadata.resourceVersion ? { resourceVersion: obj.metadata.resourceVersion } : {}),
        },
        reason,
        message,
        source: { component },
        firstTimestamp: rfc3339(at),
        lastTimestamp: rfc3339(at),
        count: 1,
        type,
        eventTime: null,
        reportingComponent: component,
        reportingInstance: '',
      };
      api.create('events', ev, { fieldManager });
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(key, name);
  }
  return {
    event(obj, type, reason, message) {
      try {
        write(obj, type, reason, message);
      } catch (err) {
        onError(err);
      }
    },
  };
}
