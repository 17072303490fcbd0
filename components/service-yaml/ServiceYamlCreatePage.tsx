'use client';
/**
 * "Create from YAML": a starter per kind of Service, the same editor and markers, the draft kept in
 * the browser, a review of what will be created, then create and go to the new Service's page.
 */
import { useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { useCanI } from '../../lib/client/access';
import { useClusterInfo } from '../../lib/client/cluster-info';
import { pageRoutes } from '../../lib/client/page-routes';
import { SERVICE_KINDS, type ServiceKind } from '../../lib/service/type-rules';
import { serviceToYaml, objectToApply } from '../../lib/service-yaml/editor-text';
import { discardDraft, loadDraft, type DraftRef } from '../../lib/service-yaml/drafts';
import { parseServiceYaml } from '../../lib/service-yaml/parse-service';
import { starterYaml } from '../../lib/service-yaml/starters';
import { ApplyReview } from './ApplyReview';
import { ServiceYamlPane } from './ServiceYamlPane';
import { browserStorage, useDraftPersistence } from './use-draft-persistence';
import { useYamlApply } from './use-yaml-apply';

const KIND_LABEL: Record<ServiceKind, string> = { ClusterIP: 'ClusterIP', NodePort: 'NodePort', LoadBalancer: 'LoadBalancer', ExternalName: 'ExternalName', headless: 'Headless' };

export function ServiceYamlCreatePage() {
  const router = useRouter();
  const params = useSearchParams();
  const namespace = params.get('namespace') || 'default';
  const initialKind = (SERVICE_KINDS as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as ServiceKind) : 'ClusterIP';
  const cluster = useClusterInfo().data;
  const ref: DraftRef | undefined = useMemo(() => (cluster ? { cluster: cluster.ok ? cluster.clusterName : 'unknown', namespace, name: '' } : undefined), [cluster, namespace]);
  const [kind, setKind] = useState<ServiceKind>(initialKind);
  const [text, setText] = useState<string | undefined>();
  const starter = useMemo(() => starterYaml(kind, namespace), [kind, namespace]);
  const stored = useMemo(() => {
    const storage = browserStorage();
    return ref && storage ? loadDraft(storage, ref) : undefined;
  }, [ref]);
  const current = text ?? stored?.text ?? starter;
  useDraftPersistence(ref, current, starter, undefined);
  const parsed = useMemo(() => parseServiceYaml(current), [current]);
  const edited = parsed.markers.length === 0 ? parsed.service : undefined;
  const [draft, setDraft] = useState<Service>(() => parseServiceYaml(current).service ?? { apiVersion: 'v1', kind: 'Service', metadata: { namespace } });
  const [reviewing, setReviewing] = useState(false);
  const writer = useYamlApply();
  const targetNs = edited?.metadata.namespace || namespace;
  const canCreate = useCanI({ verb: 'create', resource: 'services', namespace: targetNs });
  const readOnlyReason = canCreate.data && !canCreate.data.allowed ? `your identity${cluster?.ok ? ` (${cluster.identity})` : ''} may not create Services in namespace "${targetNs}".` : undefined;

  const create = async () => {
    if (!edited) return;
    const out = await writer.create(targetNs, edited);
    if (!out.ok) return;
    const storage = browserStorage();
    if (storage && ref) discardDraft(storage, ref);
    router.push(pageRoutes.service(out.service.metadata.namespace ?? targetNs, out.service.metadata.name ?? ''));
  };

  return (
    <div className="sy-page" data-testid="yaml-create-page">
      <h1>Create a Service from YAML</h1>
      <div className="sy-toolbar">
        <label className="sy-check">
          Starter
          <select className="select" value={kind} onChange={(e) => setKind(e.target.value as ServiceKind)} aria-label="Starter">
            {SERVICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => setText(starter)}>
          Replace the text with this starter
        </button>
        {stored && text === undefined && (
          <span role="status" data-testid="yaml-draft-restored">
            A draft you did not create was restored.{' '}
            <button type="button" className="button" onClick={() => setText(starter)}>
              Discard draft
            </button>
          </span>
        )}
      </div>
      {reviewing && edited && (
        <ApplyReview
          mode="create"
          original=""
          modified={serviceToYaml(objectToApply(edited))}
          method="replace"
          onMethod={() => undefined}
          busy={writer.busy}
          error={writer.error}
          conflicts={[]}
          onApply={() => void create()}
          onCancel={() => setReviewing(false)}
        />
      )}
      <div hidden={reviewing}>
        <ServiceYamlPane draft={draft} onDraftChange={setDraft} mode="create" namespace={namespace} readOnlyReason={readOnlyReason} text={current} onTextChange={setText} />
        <div className="sy-actions">
          <button type="button" className="button primary" disabled={!edited || !!readOnlyReason} onClick={() => setReviewing(true)}>
            Review and create…
          </button>
        </div>
      </div>
    </div>
  );
}
