import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { NewServicePage } from '../../../components/service-form/NewServicePage';
import { FirstAnswersProvider } from '../../../lib/client/first-answers';
import { SERVICE_KINDS } from '../../../lib/service';
import { firstCreateAnswers } from '../../../lib/server/first-answers';
import { identityFor, type RequestIdentity } from '../../../lib/server/identity';
import { pageClusterParam } from '../../../lib/server/page-cluster';
import { InShellOrStreamed } from '../in-shell-or-streamed';

export const metadata: Metadata = { title: 'New Service' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * `/services/new` (optionally `?type=NodePort&namespace=shop`): create a Service with the form. With a
 * type, the form is in the first HTML: the server reads what it needs as the page's identity (who it
 * is, the namespaces, where it may create Services: lib/server/first-answers.ts) and the
 * browser takes those answers over (lib/client/first-answers.tsx). No Suspense boundary of its own:
 * the page is rendered per request, where useSearchParams does not suspend.
 */
export default async function NewService({ searchParams }: Props) {
  const type = (await searchParams).type;
  const kind = SERVICE_KINDS.find((k) => typeof type === 'string' && k.toLowerCase() === type.toLowerCase());
  if (!kind) return <NewServicePage />;
  const requestHeaders = await headers();
  const cluster = await pageClusterParam();
  let identity: RequestIdentity | undefined;
  try {
    identity = identityFor(requestHeaders, cluster);
  } catch {
    identity = undefined;
  }
  return (
    <InShellOrStreamed
      data={firstCreateAnswers(identity, requestHeaders, cluster)}
      fallback={
        <div className="state" aria-busy="true">
          Loading namespaces…
        </div>
      }
      render={(answers) => (
        <FirstAnswersProvider answers={answers}>
          <NewServicePage />
        </FirstAnswersProvider>
      )}
    />
  );
}
