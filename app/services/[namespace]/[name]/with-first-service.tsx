import type { ReactNode } from 'react';
import { FirstAnswersProvider } from '../../../../lib/client/first-answers';
import { RequestClock } from '../../../../lib/client/hydration';
import type { ServicePage } from '../../../../lib/contract/first-answers';
import type { Service } from '../../../../lib/k8s/types';
import { pageService } from '../../../../lib/server/first-service';
import type { DetailLists } from '../../../../lib/live/detail-lists';
import { InShellOrStreamed } from '../../in-shell-or-streamed';

type Render = (service: Service | undefined, lists: DetailLists | undefined) => ReactNode;

/**
 * A Service page with the Service in its first HTML (lib/server/first-service.ts: read as the page's
 * identity, at most FIRST_HTML_WAIT_MS): in the page's shell when it comes at once, else streamed
 * after the shell in the same response. Undefined (refused, missing, slow): the browser loads it, as
 * it always did. With it the answers the page's app chrome and controls ask for (lib/client/first-answers.tsx
 * takes them over), and on the detail page the lists its first screen needs.
 */
export function WithFirstService({ page, namespace, name, render }: { page: ServicePage; namespace: string; name: string; render: Render }) {
  return (
    <InShellOrStreamed
      data={pageService(page, namespace, name)}
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
