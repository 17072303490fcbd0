/**
 * Vitest global setup of the integration project: brings the build up to date once, before any file
 * runs. Files run side by side, and two of them finding a stale build would each start `next build`
 * in the same directory at once.
 */
import { ensureBuild } from './start-porthole';

export default function setup(): void {
  ensureBuild();
}
