import type { ReactNode } from 'react';
import { RequestClock } from '../../../../lib/client/hydration';
import type { Service } from '../../../../lib/k8s/types';
import { pageService } from '../../../../lib/server/first-service';
import type { DetailLists } from '../../../../lib/live/detail-lists';
import { InShellOrStreamed } from '../../in-shell-or-streamed';

type Render = (service: Service | undefined, lists: DetailLists | undefined) => ReactNode;

/**
 * A Service page with the Service in its first HTML (lib/server/first-service.ts: read as the page's
 * identity, at most FIRST_HTML_WAIT_MS): in the page's shell when it comes at once, else streamed
 * after the shell in the same response. Undefined (refused, missing, slow): the browser loads it, as
 * it always did. `lists` (the detail page): also the lists its first screen needs.
 */
export function WithFirstService({ namespace, name, lists, render }: { namespace: string; name: string; lists?: boolean; render: Render }) {
  return (
    <InShellOrStreamed
      data={pageService(namespace, name, { lists })}
      render={(page) => <RequestClock now={page.now}>{render(page.service, page.lists)}</RequestClock>}
      fallback={
        <div className="state" aria-busy="true">
          Loading the Service…
        </div>
      }
    />
  );
}
