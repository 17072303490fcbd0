'use client';
/**
 * /services/new: the kind first (or from ?type=), then the form on a new Service of that kind. The
 * draft is kept in the browser like the YAML editor's drafts (lib/service-yaml/drafts): a reload
 * restores it, with a way to discard it; the URL's type follows the draft's.
 */
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { useClusterInfo } from '../../lib/client/cluster-info';
import { useNamespaceChoices } from '../../lib/client/namespace-choices';
import { SERVICE_KINDS, serviceKindOf, type ServiceKind } from '../../lib/service';
import { newServiceSkeleton } from '../../lib/service-draft/form-model';
import { discardDraft, loadDraft, newServiceDraftRef, type DraftRef } from '../../lib/service-yaml/drafts';
import { parseServiceYaml } from '../../lib/service-yaml/parse-service';
import { browserStorage } from '../service-yaml/use-draft-persistence';
import { KindPicker } from './KindPicker';
import { ServiceEditor } from './ServiceEditor';

function kindFrom(value: string | null): ServiceKind | undefined {
  return SERVICE_KINDS.find((k) => k.toLowerCase() === (value ?? '').toLowerCase());
}

/** `?type=` follows the draft's kind (replace: the type switch is no navigation). */
function showKindInUrl(kind: ServiceKind): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('type') === kind) return;
  url.searchParams.set('type', kind);
  window.history.replaceState(window.history.state, '', url.toString());
}

function restoredDraft(ref: DraftRef): Service | undefined {
  const storage = browserStorage();
  const stored = storage ? loadDraft(storage, ref) : undefined;
  return stored ? parseServiceYaml(stored.text).service : undefined;
}

interface Start {
  initial: Service;
  restored: boolean;
  /** Remounts the editor (discarding a draft starts again). */
  generation: number;
  /** Browser storage was looked at for a draft (after hydration: the server never sees it). */
  storageChecked: boolean;
}

export function NewServicePage() {
  const params = useSearchParams();
  const kind = kindFrom(params.get('type'));
  const wanted = params.get('namespace') ?? undefined;
  // Where the identity may create Services: listed namespaces, or its context's and --namespaces.
  const { names: creatable, loading, reviewing } = useNamespaceChoices('create');
  const cluster = useClusterInfo();
  const ref = cluster.data ? newServiceDraftRef(cluster.data.ok ? cluster.data.clusterName : 'unknown') : cluster.isError ? undefined : null;
  const offered = creatable.length ? creatable : [wanted ?? 'default'];
  const namespace = wanted && offered.includes(wanted) ? wanted : offered.includes('default') ? 'default' : offered[0];
  const ready = !!kind && !loading && !reviewing && ref !== null;
  // With the namespaces and permissions in the page's HTML (app/services/new/page.tsx) the form is
  // rendered at once, on the server too; a stored draft replaces it once the browser has looked.
  const [start, setStart] = useState<Start | undefined>(() =>
    ready && kind ? { initial: newServiceSkeleton(kind, namespace), restored: false, generation: 0, storageChecked: false } : undefined,
  );

  const discard = () => {
    const storage = browserStorage();
    if (storage && ref) discardDraft(storage, ref);
    if (kind) setStart((s) => ({ initial: newServiceSkeleton(kind, namespace), restored: false, generation: (s?.generation ?? 0) + 1, storageChecked: true }));
  };

  const refKey = ref ? ref.cluster : '';
  // Browser storage is read in an effect: the server's render never sees it.
  useEffect(() => {
    if (!ready || start?.storageChecked || !kind) return;
    const restored = ref ? restoredDraft(ref) : undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time initialisation from browser storage
    setStart((s) =>
      restored
        ? { initial: restored, restored: true, generation: (s?.generation ?? -1) + 1, storageChecked: true }
        : { initial: s?.initial ?? newServiceSkeleton(kind, namespace), restored: false, generation: s?.generation ?? 0, storageChecked: true },
    );
    if (restored) showKindInUrl(serviceKindOf(restored));
  }, [ready, start, kind, namespace, refKey]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!kind) {
    if (start) setStart(undefined);
    return <KindPicker namespace={wanted} />;
  }
  if (!start) {
    return (
      <div className="state" aria-busy="true">
        Loading namespaces…
      </div>
    );
  }
  return (
    <>
      {start.restored ? (
        <div className="banner warn sf-banner" role="status" data-testid="form-draft-restored">
          A draft of this new Service was restored (kept in this browser since you last edited it).{' '}
          <button type="button" className="button" onClick={discard}>
            Discard draft
          </button>
        </div>
      ) : null}
      <ServiceEditor key={start.generation} initial={start.initial} namespaces={offered} draftRef={ref ?? undefined} onKindChange={showKindInUrl} />
    </>
  );
}
