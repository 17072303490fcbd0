import { Suspense, type ReactNode } from 'react';
import { RequestClock } from '../../../../lib/client/hydration';
import type { Service } from '../../../../lib/k8s/types';
import { pageService } from '../../../../lib/server/first-service';

type Render = (service: Service | undefined) => ReactNode;

/**
 * A Service page with the Service in its first HTML (lib/server/first-service.ts: read as the page's
 * identity, at most FIRST_HTML_WAIT_MS), streamed after the page's shell: the shell paints at once,
 * `render(service)` follows in the same response. Undefined (refused, missing, slow): the browser
 * loads it, as it always did.
 */
export function WithFirstService({ namespace, name, render }: { namespace: string; name: string; render: Render }) {
  return (
    <Suspense
      fallback={
        <div className="state" aria-busy="true">
          Loading the Service…
        </div>
      }
    >
      <Loaded namespace={namespace} name={name} render={render} />
    </Suspense>
  );
}

async function Loaded({ namespace, name, render }: { namespace: string; name: string; render: Render }) {
  const { now, service } = await pageService(namespace, name);
  return <RequestClock now={now}>{render(service)}</RequestClock>;
}
