/**
 * List and watch one collection of the real test cluster for the controllers the tests play there
 * (real-scheduler.ts, real-load-balancer.ts): every object listed or added/modified goes to `handle`;
 * the list is read again whenever the watch ends (timeout, 410 Gone, error), until stopped.
 */
import { Watch, type KubeConfig } from '@kubernetes/client-node';
import { errorText } from '../../lib/demo-seed/client';
import type { KubeList, KubeObject } from '../../lib/k8s/types';

const RETRY_MS = 1_000;
const WATCH_TIMEOUT_SECONDS = 300;

export interface WatchLoop {
  stop(): void;
}

export interface WatchTarget<T extends KubeObject> {
  /** The collection, e.g. `/api/v1/pods`. */
  path: string;
  fieldSelector?: string;
  /** Lists it (with the same selector). */
  list(): Promise<KubeList<T>>;
}

export function watchLoop<T extends KubeObject>(kc: KubeConfig, target: WatchTarget<T>, handle: (object: T) => void, log: (line: string) => void): WatchLoop {
  const { path, fieldSelector } = target;
  const watches = new Set<AbortController>();
  let stopped = false;
  const run = async (): Promise<void> => {
    while (!stopped) {
      try {
        const list = await target.list();
        for (const o of list.items) handle(o);
        await new Promise<void>((resolve) => {
          const onEvent = (type: string, object: T): void => {
            if (type === 'ADDED' || type === 'MODIFIED') handle(object);
          };
          new Watch(kc).watch(path, { fieldSelector, resourceVersion: list.metadata.resourceVersion, timeoutSeconds: WATCH_TIMEOUT_SECONDS }, onEvent, () => resolve()).then(
            (controller) => {
              if (stopped) controller.abort();
              else watches.add(controller);
            },
            () => resolve(),
          );
        });
      } catch (err) {
        if (stopped) return;
        log(`${path}: ${errorText(err)}`);
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  };
  void run();
  return {
    stop() {
      stopped = true;
      for (const w of watches) w.abort();
      watches.clear();
    },
  };
}
