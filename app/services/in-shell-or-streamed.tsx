import { Suspense, type ReactNode } from 'react';
import { SHELL_WAIT_MS } from '../../lib/server/first-html-wait';
import { settledWithin } from '../../lib/server/settled-within';

type Render<T> = (value: T) => ReactNode;

/**
 * What a page's first screen needs from the cluster, in the page's shell when it comes within
 * SHELL_WAIT_MS (the usual case: a warm informer cache answers at once), else streamed after the shell
 * in the same response behind `fallback`.
 *
 * Why not always stream: React reveals a streamed boundary no sooner than 300 ms after the shell's
 * first paint (react-dom's `$RC` batches reveals from the shell's paint time, `$RT`), so a list whose
 * rows were ready in 20 ms still painted them ~0.5 s after the navigation. Waiting a little for data
 * that is nearly there paints it with the shell; a slow cluster costs the shell at most SHELL_WAIT_MS.
 */
export async function InShellOrStreamed<T>({ data, render, fallback }: { data: Promise<T>; render: Render<T>; fallback: ReactNode }) {
  const early = await settledWithin(data, SHELL_WAIT_MS);
  if (early) return <>{render(early.value)}</>;
  return (
    <Suspense fallback={fallback}>
      <Streamed data={data} render={render} />
    </Suspense>
  );
}

async function Streamed<T>({ data, render }: { data: Promise<T>; render: Render<T> }) {
  return <>{render(await data)}</>;
}
