import type { ReactNode } from 'react';
import { FirstAnswersProvider } from '../../../../lib/client/first-answers';
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
 * it always did. `detail` (the detail page): also the lists its first screen needs, and the answers
 * its app chrome and controls ask for (lib/client/first-answers.tsx takes them over).
 */
export function WithFirstService({ namespace, name, detail, render }: { namespace: string; name: string; detail?: boolean; render: Render }) {
  return (
    <InShellOrStreamed
      data={pageService(namespace, name, { detail })}
      render={(page) => (
        <RequestClock now={page.now}>
          <FirstAnswersProvider answers={page.answers}>{render(page.service, page.lists)}</FirstAnswersProvider>
        </RequestClock>
      )}
      fallback={
        <div className="state" aria-busy="true">
          Loading the Service…
        </div>
      }
    />
  );
}
