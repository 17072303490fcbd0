/**
 * For the long-running commands (`bin/cluster.ts`, `bin/seed.ts --kubelet`): on SIGTERM or SIGINT, say
 * what stops, run `stop` once, and exit 0 when it is done (1, with the error, when it fails).
 */
export function stopOnSignals(what: string, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${what}`);
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
