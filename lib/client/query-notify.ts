/**
 * When TanStack Query tells its observers (components) about changes. By default each batch of cache
 * updates schedules its own `setTimeout(0)`: a list streaming in, its watch and the page's other
 * queries made ~240 separate tasks in the list page's first three seconds, each a React render of
 * the subscribed components. This scheduler keeps the notifications asynchronous and in order but
 * runs all those queued before the next task in ONE task, so React renders them once.
 */
import { notifyManager } from '@tanstack/react-query';

type Callback = () => void;

export function coalescingScheduler(schedule: (run: () => void) => void = (run) => setTimeout(run, 0)): (callback: Callback) => void {
  let queue: Callback[] = [];
  const run = () => {
    const due = queue;
    queue = [];
    for (const callback of due) callback();
  };
  return (callback) => {
    queue.push(callback);
    if (queue.length === 1) schedule(run);
  };
}

let installed = false;

/** Once per page: every QueryClient of this window notifies through the coalescing scheduler. */
export function installCoalescedNotifications(): void {
  if (installed) return;
  installed = true;
  notifyManager.setScheduler(coalescingScheduler());
}
